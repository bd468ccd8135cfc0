import { randomBytes } from 'node:crypto';

/** An owner signed up through the product's own API, as the benchmarks set up their restaurant. */
export interface Owner {
  /** The session cookie to send with every request. */
  cookie: string;
  restaurantId: string;
}

/** Signs a new owner up with a fresh e-mail address (same origin as the browser), and returns their session. */
export async function signUpOwner(serverUrl: string, appUrl: string, emailPrefix: string): Promise<Owner> {
  const response = await fetch(`${serverUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({
      name: 'Bench Owner',
      email: `${emailPrefix}-${randomBytes(6).toString('hex')}@example.com`,
      password: 'bench-password-1',
    }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sign-up failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  if (!cookie.includes('session_token=')) throw new Error(`sign-up returned no session cookie (got "${cookie}")`);
  const restaurantId = (JSON.parse(text) as { user?: { id?: string } }).user?.id;
  if (!restaurantId) throw new Error(`sign-up answered without a user id: ${text.slice(0, 300)}`);
  return { cookie, restaurantId };
}
