import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/contracts/auth';
import { ApiError } from '@web/lib/api';
import { authClient, fieldRefusal, type AuthRefusal } from '@web/lib/auth-client';

/** One session of the signed-in owner: a browser on a device, from sign-in until it signs out or expires. */
export interface SignedInDevice {
  /** What the auth service ends a session by. */
  token: string;
  userAgent: string | null;
  /** '' or null when the server did not know the address. */
  ipAddress: string | null;
  /** ISO time of the sign-in. */
  signedInAt: string;
  isThisDevice: boolean;
}

export const devicesQueryKey = ['account', 'devices'] as const;

export const CURRENT_PASSWORD_WRONG = 'That is not your current password.';

/** The auth client's refusal as the app's ApiError, with the field it names in the form's terms. */
function refusalError(refusal: AuthRefusal, fallback: string): ApiError {
  if (refusal.code === 'INVALID_PASSWORD')
    return new ApiError(refusal.status, CURRENT_PASSWORD_WRONG, 'currentPassword');
  const newPasswordReason = fieldRefusal(refusal, 'newPassword');
  if (newPasswordReason) return new ApiError(refusal.status, newPasswordReason, 'newPassword');
  if (refusal.status === 429) return new ApiError(429, 'Too many attempts. Please wait a minute and try again.');
  const message = refusal.status >= 500 || refusal.status === 0 ? fallback : (refusal.message ?? refusal.error);
  return new ApiError(refusal.status, message || fallback);
}

/** The client answers with Date objects where the server sent ISO times. */
const isoTime = (value: Date | string) => new Date(value).toISOString();

async function fetchDevices(): Promise<SignedInDevice[]> {
  const [listed, current] = await Promise.all([authClient.listSessions(), authClient.getSession()]);
  if (listed.error) throw refusalError(listed.error, 'Could not load your signed-in devices.');
  if (current.error) throw refusalError(current.error, 'Could not load your signed-in devices.');
  const thisSessionId = current.data?.session.id;
  return listed.data
    .map((session) => ({
      token: session.token,
      userAgent: session.userAgent ?? null,
      ipAddress: session.ipAddress ?? null,
      signedInAt: isoTime(session.createdAt),
      isThisDevice: session.id === thisSessionId,
    }))
    .sort((a, b) => Number(b.isThisDevice) - Number(a.isThisDevice) || b.signedInAt.localeCompare(a.signedInAt));
}

/** The owner's signed-in devices, this one first, then the most recently signed in. */
export const useSignedInDevices = () => useQuery({ queryKey: devicesQueryKey, queryFn: fetchDevices });

function useRefreshDevices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: devicesQueryKey });
}

/** Signs one other device out; the list is read again whether or not it worked. */
export function useSignOutDevice() {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: async (token: string) => {
      const { error } = await authClient.revokeSession({ token });
      if (error) throw refusalError(error, 'Could not sign out that device. Please try again.');
    },
    onSettled: refresh,
  });
}

export function useSignOutOtherDevices() {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: async () => {
      const { error } = await authClient.revokeOtherSessions();
      if (error) throw refusalError(error, 'Could not sign out the other devices. Please try again.');
    },
    onSettled: refresh,
  });
}

/**
 * Changes the password. The server signs every other device out whatever is asked; asking too keeps the client's
 * idea of the session in step. This browser gets a new session in the answer, so the list is read again.
 */
export function useChangePassword() {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      const { error } = await authClient.changePassword({ ...input, revokeOtherSessions: true });
      if (error) throw refusalError(error, 'Could not change the password. Please try again.');
    },
    onSuccess: refresh,
  });
}
