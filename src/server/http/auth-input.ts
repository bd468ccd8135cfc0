import {
  AUTH_REQUEST_BODIES,
  COMMON_PASSWORD_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@shared/contracts/auth';
import { isCommonPassword } from '../auth/common-passwords';
import { controlCharacterRefusal, findControlCharacter, issueRefusal, type InputRefusal } from './validate';

/** Where the auth service (better-auth) is mounted; its routes are named by the path after it. */
const AUTH_BASE_PATH = '/api/auth';

/** The bodies the auth service reads: JSON on every route, a form on sign-up and sign-in too. */
const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/;
const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

export type AuthInputCheck = { ok: true; request: Request } | { ok: false; refusal: InputRefusal };

type Body = { kind: 'json'; value: unknown } | { kind: 'form'; value: Record<string, string> };

/** Per route of the auth service: the field of its body that holds a new password. */
const NEW_PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/**
 * The refusal of a weak new password. Besides the field and its reason, `reasons` lists why in words a client can
 * test for: 'common' (one of the 10,000 most common passwords) is the one rule the server adds to the length.
 */
export interface WeakPasswordRefusal extends InputRefusal {
  field: string;
  code: 'WEAK_PASSWORD';
  reasons: ['common'];
}

/**
 * The auth service stores what it is sent as it came, so its request bodies meet the app's rules first, with the
 * same 400 `{error, field}` validate() gives every other route: no control character in any string (a NUL, which
 * PostgreSQL text cannot hold), and the fields of AUTH_REQUEST_BODIES (the owner's name, the e-mail's length, links)
 * as the shared contract says, and no new password (sign-up, change, reset) from the list of the most common ones.
 * Everything else, and every request that passes, is the service's to answer. The request that goes on carries the
 * checked fields as the contract left them (a name trimmed at its ends).
 */
export async function checkAuthInput(request: Request): Promise<AuthInputCheck> {
  if (request.method !== 'POST') return { ok: true, request };
  const body = await readBody(request);
  if (body === null) return { ok: true, request };
  if (body === 'malformed') return { ok: false, refusal: { error: 'The body is not valid JSON' } };

  const controlAt = findControlCharacter(body.value);
  if (controlAt !== null) return { ok: false, refusal: controlCharacterRefusal(controlAt) };

  const route = authRoute(request);
  const fields = body.value;
  if (route === undefined || !fields || typeof fields !== 'object' || Array.isArray(fields)) {
    return { ok: true, request };
  }
  const given = fields as Record<string, unknown>;
  const schema = schemaFor(route);
  const checked = schema ? schema.safeParse(given) : { success: true as const, data: {} };
  if (!checked.success) return { ok: false, refusal: issueRefusal(checked.error) };

  const weak = weakPasswordRefusal(route, given);
  if (weak) return { ok: false, refusal: weak };

  const changed = Object.entries(checked.data).some(([key, value]) => given[key] !== value);
  if (!changed) return { ok: true, request };
  return { ok: true, request: withBody(request, { ...body, value: { ...given, ...checked.data } } as Body) };
}

/** A new password on sign-up, change or reset that is one of the most common is refused, naming its field. */
function weakPasswordRefusal(route: string, fields: Record<string, unknown>): WeakPasswordRefusal | null {
  const field = Object.hasOwn(NEW_PASSWORD_FIELDS, route) ? NEW_PASSWORD_FIELDS[route] : undefined;
  if (field === undefined) return null;
  const password = fields[field];
  // Anything but text of an allowed length is the auth service's to refuse, with its own answer (a short password
  // gets the length rule, which the pages spell out, even when it is a common one too).
  if (typeof password !== 'string' || !isAllowedLength(password) || !isCommonPassword(password)) return null;
  return { error: `${field}: ${COMMON_PASSWORD_MESSAGE}`, field, code: 'WEAK_PASSWORD', reasons: ['common'] };
}

const isAllowedLength = (password: string) =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;

/** The body as the auth service would read it; null when it reads none we check, 'malformed' for broken JSON. */
async function readBody(request: Request): Promise<Body | 'malformed' | null> {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const isJson = JSON_MEDIA_TYPE.test(mediaType);
  if (!request.body || (!isJson && mediaType !== FORM_MEDIA_TYPE)) return null;
  const text = await request.clone().text();
  if (!isJson) return { kind: 'form', value: Object.fromEntries(new URLSearchParams(text)) };
  if (!text) return null;
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return 'malformed';
  }
}

/** The auth service's route a request is for ('/sign-up/email'), or undefined outside it. */
function authRoute(request: Request): string | undefined {
  const path = new URL(request.url).pathname;
  return path.startsWith(`${AUTH_BASE_PATH}/`) ? path.slice(AUTH_BASE_PATH.length) : undefined;
}

function schemaFor(route: string) {
  return Object.hasOwn(AUTH_REQUEST_BODIES, route)
    ? AUTH_REQUEST_BODIES[route as keyof typeof AUTH_REQUEST_BODIES]
    : undefined;
}

function withBody(request: Request, body: Body): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  const text = body.kind === 'json' ? JSON.stringify(body.value) : new URLSearchParams(body.value).toString();
  return new Request(request, { headers, body: text });
}
