import { useCallback, useEffect, useRef, useState } from 'react';
import type { StartTestCallInput, StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import { TEST_CALL_IDLE_MS } from '@shared/domain/calls';
import type { Language } from '@shared/domain/languages';
import { ApiError } from '@web/lib/api';
import { apiClient, apiUrl, call } from '@web/lib/api-client';

export type TranscriptEntry =
  | { id: number; kind: 'assistant'; text: string }
  | { id: number; kind: 'caller'; text: string; isFailed?: boolean }
  /** Something that happened rather than something said: the owner hung up, the model fell back. */
  | { id: number; kind: 'note'; text: string; tone: 'info' | 'warning' };

/** idle: no call yet; starting: dialling; active: the assistant is listening; ended: hung up by either side. */
export type CallPhase = 'idle' | 'starting' | 'active' | 'ended';

export interface CallFailure {
  action: 'start' | 'send' | 'end';
  message: string;
  /** The field the server named (a bad caller number), shown next to that field. */
  field?: string;
  /** False when trying the same thing again cannot work (the call has ended): Start again is offered instead. */
  canRetry: boolean;
}

export interface TestCallState {
  phase: CallPhase;
  callId: string | null;
  language: Language | null;
  entries: TranscriptEntry[];
  /** The latest turn's view of the call: the draft order, the placed order, a transfer, the engine. */
  turn: TestCallTurn | null;
  isAnswering: boolean;
  isHangingUp: boolean;
  failure: CallFailure | null;
}

const INITIAL: TestCallState = {
  phase: 'idle',
  callId: null,
  language: null,
  entries: [],
  turn: null,
  isAnswering: false,
  isHangingUp: false,
  failure: null,
};

const HUNG_UP = 'You hung up.';
const LEFT = 'The call was hung up when you left the page.';
export const ENDED_IDLE = 'The call ended after 2 minutes without a message.';

const failureMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.';

/** A 409 for a call that is over: sending again cannot help, a new call can. */
const isCallOver = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || (error.status === 409 && /ended/i.test(error.message)));

function endCall(callId: string) {
  return call(apiClient['test-calls'][':callId'].end.$post({ param: { callId }, query: {} }));
}

/**
 * Hangs up a call as the page goes away (tab closed, another page): a beacon, which the browser still sends after
 * the page is gone, else a `keepalive` request. The server ends a call left behind anyway once it has been idle.
 */
function endCallOnLeave(callId: string) {
  const route = apiClient['test-calls'][':callId'].end;
  const url = apiUrl(route.$path({ param: { callId }, query: { left: '1' } }));
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  route.$post({ param: { callId }, query: { left: '1' } }, { init: { keepalive: true } }).catch(() => undefined);
}

/**
 * One test call at a time: start, the caller's turns, hanging up. Answers that arrive for a call the page has
 * moved on from (hung up, or started again) are dropped. A call still open when the page goes away is hung up.
 */
export function useTestCall() {
  const [state, setState] = useState<TestCallState>(INITIAL);
  /** The call that takes turns right now; null once it has ended or while none is open. */
  const openCall = useRef<string | null>(null);
  const lastStart = useRef<StartTestCallInput>({});
  const isSending = useRef(false);
  const nextId = useRef(0);
  const newId = () => ++nextId.current;

  const notesOf = useCallback(
    (turn: TestCallTurn): TranscriptEntry[] =>
      turn.notice ? [{ id: ++nextId.current, kind: 'note', text: turn.notice, tone: 'warning' }] : [],
    [],
  );

  const start = useCallback(
    async (input: StartTestCallInput) => {
      lastStart.current = input;
      openCall.current = null;
      setState({ ...INITIAL, phase: 'starting' });
      let answer: StartTestCallResponse;
      try {
        answer = await call(apiClient['test-calls'].$post({ json: input }));
      } catch (error) {
        setState({
          ...INITIAL,
          failure: {
            action: 'start',
            message: failureMessage(error),
            field: error instanceof ApiError ? error.field : undefined,
            canRetry: true,
          },
        });
        return false;
      }
      openCall.current = answer.ended ? null : answer.callId;
      setState({
        ...INITIAL,
        phase: answer.ended ? 'ended' : 'active',
        callId: answer.callId,
        language: answer.language,
        entries: [{ id: ++nextId.current, kind: 'assistant', text: answer.reply }, ...notesOf(answer)],
        turn: answer,
      });
      return true;
    },
    [notesOf],
  );

  /** Sends what the caller said; false when it was not sent (no open call, or a turn already on its way). */
  const send = useCallback(
    (text: string, { isRetry = false } = {}) => {
      const callId = openCall.current;
      const said = text.trim();
      if (!callId || !said || isSending.current) return false;
      isSending.current = true;
      setState((s) => ({
        ...s,
        isAnswering: true,
        failure: null,
        entries: isRetry
          ? s.entries.map((e) => (e.kind === 'caller' && e.isFailed ? { ...e, isFailed: false } : e))
          : [...s.entries, { id: newId(), kind: 'caller', text: said }],
      }));
      void (async () => {
        try {
          const turn = await call(
            apiClient['test-calls'][':callId'].messages.$post({ param: { callId }, json: { text: said } }),
          );
          if (openCall.current !== callId) return;
          if (turn.ended) openCall.current = null;
          setState((s) => ({
            ...s,
            phase: turn.ended ? 'ended' : s.phase,
            isAnswering: false,
            entries: [...s.entries, { id: newId(), kind: 'assistant', text: turn.reply }, ...notesOf(turn)],
            turn,
          }));
        } catch (error) {
          if (openCall.current !== callId) return;
          const isOver = isCallOver(error);
          if (isOver) openCall.current = null;
          setState((s) => ({
            ...s,
            phase: isOver ? 'ended' : s.phase,
            isAnswering: false,
            entries: markLastCallerLineFailed(s.entries),
            failure: { action: 'send', message: failureMessage(error), canRetry: !isOver },
          }));
        } finally {
          isSending.current = false;
        }
      })();
      return true;
    },
    [notesOf],
  );

  const hangUp = useCallback(async () => {
    const callId = openCall.current;
    if (!callId) return;
    // Whatever the assistant was about to say is no longer wanted.
    openCall.current = null;
    setState((s) => ({ ...s, isHangingUp: true, failure: null }));
    try {
      await endCall(callId);
    } catch (error) {
      if (!isCallOver(error)) {
        openCall.current = callId;
        setState((s) => ({
          ...s,
          isHangingUp: false,
          failure: { action: 'end', message: failureMessage(error), canRetry: true },
        }));
        return;
      }
    }
    setState((s) =>
      s.callId !== callId
        ? s
        : {
            ...s,
            phase: 'ended',
            isHangingUp: false,
            isAnswering: false,
            entries: [...s.entries, { id: newId(), kind: 'note', text: HUNG_UP, tone: 'info' }],
          },
    );
  }, []);

  // A call with no message for 2 minutes ends, here as on the server (which would refuse the next message anyway).
  const { phase, isAnswering, isHangingUp, callId: shownCall, entries } = state;
  const lastEntry = entries.at(-1)?.id;
  useEffect(() => {
    if (phase !== 'active' || isAnswering || isHangingUp || !shownCall) return;
    const timer = window.setTimeout(() => {
      if (openCall.current !== shownCall || isSending.current) return;
      openCall.current = null;
      endCall(shownCall).catch(() => undefined);
      setState((s) =>
        s.callId !== shownCall || s.phase !== 'active'
          ? s
          : {
              ...s,
              phase: 'ended',
              failure: null,
              entries: [...s.entries, { id: ++nextId.current, kind: 'note', text: ENDED_IDLE, tone: 'info' }],
            },
      );
    }, TEST_CALL_IDLE_MS);
    return () => window.clearTimeout(timer);
  }, [phase, isAnswering, isHangingUp, shownCall, lastEntry]);

  /** Tries the failed action again: the same start, the same words, or hanging up. */
  const retry = useCallback(() => {
    const { failure, entries } = state;
    if (!failure?.canRetry) return;
    if (failure.action === 'start') void start(lastStart.current);
    else if (failure.action === 'end') void hangUp();
    else {
      const failed = entries.findLast((e) => e.kind === 'caller' && e.isFailed);
      if (failed) send(failed.text, { isRetry: true });
    }
  }, [state, start, send, hangUp]);

  // Leaving the page (another route, or closing the tab) hangs up a call still in progress.
  useEffect(() => {
    const hangUpOnLeave = () => {
      const callId = openCall.current;
      if (!callId) return;
      openCall.current = null;
      endCallOnLeave(callId);
      // Shown if the page comes back from the browser's back-forward cache: the call it had is over.
      setState((s) =>
        s.callId !== callId || s.phase !== 'active'
          ? s
          : {
              ...s,
              phase: 'ended',
              isAnswering: false,
              entries: [...s.entries, { id: ++nextId.current, kind: 'note', text: LEFT, tone: 'info' }],
            },
      );
    };
    window.addEventListener('pagehide', hangUpOnLeave);
    return () => {
      window.removeEventListener('pagehide', hangUpOnLeave);
      hangUpOnLeave();
    };
  }, []);

  return { ...state, start, send, hangUp, retry };
}

function markLastCallerLineFailed(entries: TranscriptEntry[]): TranscriptEntry[] {
  const last = entries.findLast((e) => e.kind === 'caller');
  return entries.map((e) => (e === last ? { ...e, isFailed: true } : e));
}
