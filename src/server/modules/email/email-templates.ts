import {
  EMAIL_VERIFICATION_LINK_MINUTES,
  formatLinkLifetime,
  PASSWORD_RESET_LINK_MINUTES,
} from '@shared/domain/emails';
import { PRODUCT_NAME } from '@shared/product';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** A plain page any mail client shows the same: one column, system fonts, one button that is also a plain link. */
function layout({
  heading,
  before,
  button,
  after,
}: {
  heading: string;
  /** Paragraphs above and below the button, as plain text (escaped here). */
  before: string[];
  button: { label: string; url: string };
  after: string[];
}) {
  const p = (html: string) => `<p style="margin:0 0 16px;line-height:1.5">${html}</p>`;
  const url = escapeHtml(button.url);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#fafaf9;color:#1c1917;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;font-size:18px">${escapeHtml(PRODUCT_NAME)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>
${before.map((text) => p(escapeHtml(text))).join('\n')}
<p style="margin:0 0 16px"><a href="${url}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(button.label)}</a></p>
${p(`Or copy this link into your browser:<br><a href="${url}" style="color:#c2410c;word-break:break-all">${url}</a>`)}
${after.map((text) => p(escapeHtml(text))).join('\n')}
</div>
</body>
</html>
`;
}

/** The password reset e-mail: the link, how long it works, and what to do if the owner did not ask for it. */
export function passwordResetEmail({ name, url }: { name: string; url: string }): EmailContent {
  const greeting = name.trim() ? `Hi ${name.trim()},` : 'Hi,';
  const lifetime = formatLinkLifetime(PASSWORD_RESET_LINK_MINUTES);
  const intro = `We received a request to reset the password of your ${PRODUCT_NAME} account.`;
  const expiry = `The link works once and expires in ${lifetime}.`;
  const ignore = 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.';
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      greeting,
      '',
      `${intro} To choose a new password, open this link:`,
      '',
      url,
      '',
      expiry,
      '',
      ignore,
      '',
      `— ${PRODUCT_NAME}`,
      '',
    ].join('\n'),
    html: layout({
      heading: 'Reset your password',
      before: [greeting, intro],
      button: { label: 'Choose a new password', url },
      after: [expiry, ignore],
    }),
  };
}

/** The e-mail that confirms a new owner's address: the link, how long it works, and what to do if it was not them. */
export function emailVerificationEmail({ name, url }: { name: string; url: string }): EmailContent {
  const greeting = name.trim() ? `Hi ${name.trim()},` : 'Hi,';
  const lifetime = formatLinkLifetime(EMAIL_VERIFICATION_LINK_MINUTES);
  const intro = `Welcome to ${PRODUCT_NAME}. Please confirm that this is your e-mail address, so we can reach you about your account.`;
  const how = `Open the link in the browser where you are signed in to ${PRODUCT_NAME}.`;
  const expiry = `The link expires in ${lifetime}.`;
  const ignore = `If you did not create a ${PRODUCT_NAME} account, you can ignore this e-mail.`;
  return {
    subject: `Confirm your e-mail address for ${PRODUCT_NAME}`,
    text: [
      greeting,
      '',
      `${intro} To confirm it, open this link:`,
      '',
      url,
      '',
      how,
      expiry,
      '',
      ignore,
      '',
      `— ${PRODUCT_NAME}`,
      '',
    ].join('\n'),
    html: layout({
      heading: 'Confirm your e-mail address',
      before: [greeting, intro],
      button: { label: 'Confirm my address', url },
      after: [`${how} ${expiry}`, ignore],
    }),
  };
}
