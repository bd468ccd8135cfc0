import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { composeEmail } from './compose-email';
import type { EmailProvider } from './email-provider';

/** The folder under DATA_DIR where the local outbox also keeps each e-mail as a file. */
export const LOCAL_MAIL_FOLDER = 'mail';

/**
 * Test mode: nothing leaves the building. The e-mail is composed as SMTP would send it, counts as sent at once, and
 * stays in the e-mail outbox, which administrators see with its links hidden (Admin settings). With `mailDir` it is
 * also written there as an .eml file any mail client opens: the way whoever runs the server reads a link, such as the
 * confirmation link an ADMIN_EMAILS owner needs before anyone is an administrator. The folder is under DATA_DIR, never
 * under the web root, so nothing serves it over HTTP.
 */
export function createLocalEmailProvider({ from, mailDir }: { from: string; mailDir?: string }): EmailProvider {
  return {
    name: 'local',
    from,
    async send(message) {
      const { messageId, raw } = await composeEmail(from, message);
      if (mailDir) await writeEmlFile(mailDir, messageId, raw);
      return { messageId };
    },
  };
}

/** `<time>-<message id>.eml`: sorted by name, the files read oldest first. Readable by the server's user only. */
async function writeEmlFile(mailDir: string, messageId: string, raw: Buffer) {
  await mkdir(mailDir, { recursive: true, mode: 0o700 });
  const id = messageId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
  await writeFile(path.join(mailDir, name), raw, { mode: 0o600 });
}
