/** What better-auth's client returns for a refused request. */
interface AuthClientError {
  status: number;
  message?: string;
  code?: string;
}

/** The sentence to show for a refused auth request: the rate limit in our words, otherwise the server's message. */
export function authErrorMessage(error: AuthClientError, fallback: string): string {
  if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (error.status === 0 || error.status >= 500) return fallback;
  return error.message || fallback;
}
