import { describe, expect, it } from 'vitest';
import { passwordResetEmail } from './email-templates';

const url =
  'http://localhost:3000/api/auth/reset-password/abc123?callbackURL=http%3A%2F%2Flocalhost%3A3000%2Freset-password';

describe('the password reset e-mail', () => {
  it('gives the link, how long it works and what to do if the owner did not ask, in text and HTML', () => {
    const email = passwordResetEmail({ name: 'Maria Rossi', url });

    expect(email.subject).toBe('Reset your PickupLine password');
    expect(email.text).toBe(
      [
        'Hi Maria Rossi,',
        '',
        'We received a request to reset the password of your PickupLine account. To choose a new password, open this link:',
        '',
        url,
        '',
        'The link works once and expires in 1 hour.',
        '',
        'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
        '',
        '— PickupLine',
        '',
      ].join('\n'),
    );
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html).toContain('Choose a new password');
    expect(email.html).toContain('expires in 1 hour');
  });

  it('escapes the owner’s name in the HTML', () => {
    const email = passwordResetEmail({ name: '<img src=x onerror=alert(1)> & "Co"', url });

    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;,');
    expect(email.text).toContain('Hi <img src=x onerror=alert(1)> & "Co",');
  });

  it('greets without a name when the account has none', () => {
    expect(passwordResetEmail({ name: '  ', url }).text.startsWith('Hi,\n')).toBe(true);
  });
});
