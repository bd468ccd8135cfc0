import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { Mic, PhoneOff, RotateCcw, Send, Volume2, VolumeX } from 'lucide-react';
import { startTestCallSchema } from '@shared/contracts/test-calls';
import type { Language } from '@shared/domain/languages';
import { useBotPreferences } from '@web/lib/queries/restaurant';
import { useSession } from '@web/lib/session';
import { useDocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/button';
import { SelectField, TextField } from '@web/components/form-field';
import { OrderDraftPanel } from './order-draft-panel';
import { SPEECH_LOCALES, canSpeak, speak, stopSpeaking, useSpeechRecognition } from './speech';
import { Transcript } from './transcript';
import { useTestCall, type CallPhase, type TestCallState } from './use-test-call';

/** Each language in its own words: the person choosing may be testing the language they read. */
const CALL_LANGUAGES: readonly { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'zh', label: '中文' },
];

const ENGINE_LABELS = { rules: 'Built-in assistant', llm: 'Language model' } as const;

const MUTED_KEY = 'testCallMuted';

function useMutedReplies() {
  const [isMuted, setIsMuted] = useState(() => localStorage.getItem(MUTED_KEY) === 'true');
  const toggle = () => {
    const next = !isMuted;
    setIsMuted(next);
    localStorage.setItem(MUTED_KEY, String(next));
    if (next) stopSpeaking();
  };
  return [isMuted, toggle] as const;
}

export function TestCallPage() {
  useDocumentTitle('Test call');
  const { me } = useSession();
  const bot = useBotPreferences();
  const testCall = useTestCall();
  const { phase, language: callLanguage, entries, isAnswering, failure } = testCall;

  const [chosenLanguage, setChosenLanguage] = useState<Language | null>(null);
  const language = chosenLanguage ?? bot.data?.language ?? 'en';
  const [callerNumber, setCallerNumber] = useState('');
  const [callerNumberError, setCallerNumberError] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [isMuted, toggleMuted] = useMutedReplies();
  const [isSpeechOutput] = useState(canSpeak);

  const inputRef = useRef<HTMLInputElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const locale = SPEECH_LOCALES[callLanguage ?? language];
  const isActive = phase === 'active';

  const speech = useSpeechRecognition({
    locale,
    onFinal: (heard) => {
      // A turn already on its way: keep the words in the box rather than lose them.
      if (!testCall.send(heard)) setText((current) => (current ? `${current} ${heard}` : heard));
    },
  });

  // Focus follows the call: into the text box once it starts, to Start again once it is over.
  const previousPhase = useRef<CallPhase>(phase);
  useEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = phase;
    if (phase === before) return;
    if (phase === 'active') inputRef.current?.focus();
    if (phase === 'ended' && (before === 'active' || before === 'starting')) startRef.current?.focus();
  }, [phase]);

  // Each new assistant line is read aloud, unless muted.
  const spokenId = useRef(0);
  useEffect(() => {
    const last = entries.findLast((e) => e.kind === 'assistant');
    if (!last || last.id <= spokenId.current) return;
    spokenId.current = last.id;
    if (!isMuted && isSpeechOutput) speak(last.text, locale);
  }, [entries, isMuted, isSpeechOutput, locale]);

  const stopSpeech = speech.stop;
  useEffect(() => {
    if (!isActive) stopSpeech();
  }, [isActive, stopSpeech]);
  useEffect(() => () => stopSpeaking(), []);

  // The server names a bad caller number; show it next to the field.
  const failureField = failure?.action === 'start' ? failure.field : undefined;

  async function startCall(event?: FormEvent) {
    event?.preventDefault();
    const parsed = startTestCallSchema.safeParse({ language, callerNumber: callerNumber.trim() || undefined });
    if (!parsed.success) {
      setCallerNumberError(parsed.error.issues[0]?.message);
      return;
    }
    setCallerNumberError(undefined);
    stopSpeaking();
    setText('');
    await testCall.start(parsed.data);
  }

  function sendTyped(event: FormEvent) {
    event.preventDefault();
    if (testCall.send(text)) setText('');
  }

  function toggleListening() {
    if (speech.isListening) speech.stop();
    else {
      stopSpeaking();
      speech.start();
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <p className="truncate text-sm font-medium text-brand-700">
          {me?.restaurant.restaurantName ?? 'Your restaurant'}
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Test call</h1>
        <p className="max-w-2xl text-sm text-stone-600">
          Talk to your assistant the way a customer would, by voice or by typing. It follows your menu, hours and
          settings, and an order placed here goes to your{' '}
          <Link to="/dashboard" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            dashboard
          </Link>{' '}
          like any other.
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section
          aria-label="Phone call"
          className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
        >
          <CallHeader
            state={testCall}
            isMuted={isMuted}
            onToggleMuted={isSpeechOutput ? toggleMuted : null}
            onHangUp={() => {
              stopSpeaking();
              void testCall.hangUp();
            }}
          />

          {!isActive && (
            <form
              onSubmit={(e) => void startCall(e)}
              noValidate
              aria-label="Call settings"
              className="grid gap-3 border-b border-stone-200 p-4 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start"
            >
              <SelectField
                label="Language"
                options={CALL_LANGUAGES}
                value={language}
                disabled={phase === 'starting'}
                onChange={(e) => setChosenLanguage(e.target.value as Language)}
              />
              <TextField
                label="Caller number (optional)"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="+14155550123"
                hint="E.164. Left empty, a made-up 555 number calls."
                value={callerNumber}
                disabled={phase === 'starting'}
                error={callerNumberError ?? (failureField === 'callerNumber' ? failure?.message : undefined)}
                onChange={(e) => {
                  setCallerNumber(e.target.value);
                  setCallerNumberError(undefined);
                }}
              />
              <Button ref={startRef} type="submit" isLoading={phase === 'starting'} className="sm:mt-6">
                {phase === 'ended' ? (
                  <>
                    <RotateCcw className="size-4" aria-hidden="true" /> Start again
                  </>
                ) : (
                  'Start call'
                )}
              </Button>
            </form>
          )}

          <Transcript
            entries={entries}
            lang={callLanguage}
            isAnswering={isAnswering}
            interim={speech.isListening ? speech.interim : ''}
          />

          {failure && failureField !== 'callerNumber' && (
            <div
              role="alert"
              className="flex flex-col gap-2 border-t border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
            >
              <p>{failure.message}</p>
              {failure.canRetry ? (
                <Button variant="secondary" size="sm" className="shrink-0" onClick={testCall.retry}>
                  <RotateCcw className="size-4" aria-hidden="true" /> Retry
                </Button>
              ) : (
                <Button variant="secondary" size="sm" className="shrink-0" onClick={() => void startCall()}>
                  <RotateCcw className="size-4" aria-hidden="true" /> Start again
                </Button>
              )}
            </div>
          )}

          <form onSubmit={sendTyped} className="flex flex-col gap-1.5 border-t border-stone-200 p-3 sm:p-4">
            <div className="flex items-center gap-2">
              {speech.isSupported && (
                <Button
                  variant={speech.isListening ? 'danger' : 'secondary'}
                  className="w-10 shrink-0 px-0!"
                  aria-pressed={speech.isListening}
                  aria-label={speech.isListening ? 'Stop listening' : 'Speak'}
                  title={speech.isListening ? 'Stop listening' : 'Speak to the assistant'}
                  disabled={!isActive}
                  onClick={toggleListening}
                >
                  <Mic className={clsx('size-4', speech.isListening && 'animate-pulse')} aria-hidden="true" />
                </Button>
              )}
              <label htmlFor="test-call-message" className="sr-only">
                What the caller says
              </label>
              <input
                ref={inputRef}
                id="test-call-message"
                type="text"
                autoComplete="off"
                lang={callLanguage ?? undefined}
                enterKeyHint="send"
                maxLength={1000}
                value={text}
                disabled={!isActive}
                placeholder={
                  isActive
                    ? 'Type what a caller would say…'
                    : phase === 'ended'
                      ? 'The call has ended'
                      : 'Start a call first'
                }
                onChange={(e) => setText(e.target.value)}
                className="h-10 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 disabled:bg-stone-100 disabled:text-stone-500"
              />
              <Button
                type="submit"
                className="shrink-0 px-3 sm:px-4"
                disabled={!isActive || isAnswering || !text.trim()}
                aria-label="Send"
              >
                <Send className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">Send</span>
              </Button>
            </div>
            <SpeechStatus isListening={speech.isListening} problem={isActive ? speech.problem : null} />
          </form>
        </section>

        <OrderDraftPanel turn={testCall.turn} />
      </div>
    </div>
  );
}

function CallHeader({
  state,
  isMuted,
  onToggleMuted,
  onHangUp,
}: {
  state: TestCallState;
  isMuted: boolean;
  onToggleMuted: (() => void) | null;
  onHangUp: () => void;
}) {
  const { phase, turn, language } = state;
  const status =
    phase === 'idle'
      ? 'Ready to call'
      : phase === 'starting'
        ? 'Calling…'
        : turn?.transferred
          ? 'Transferred to staff'
          : phase === 'ended'
            ? 'Call ended'
            : turn?.orderId
              ? 'On call · order placed'
              : 'On call';
  const languageLabel = CALL_LANGUAGES.find((l) => l.value === language)?.label;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-4 py-3">
      <div className="flex min-w-0 items-center gap-2.5">
        <span
          aria-hidden="true"
          className={clsx(
            'size-2.5 shrink-0 rounded-full',
            phase === 'active'
              ? 'animate-pulse bg-emerald-500'
              : phase === 'starting'
                ? 'bg-amber-500'
                : 'bg-stone-300',
          )}
        />
        <div className="min-w-0">
          <div role="status">
            <h2 className="font-semibold text-stone-900">{status}</h2>
          </div>
          {turn && (
            <p className="truncate text-xs text-stone-500">
              {languageLabel && <span lang={language ?? undefined}>{languageLabel}</span>}
              {languageLabel && ' · '}
              <span title="Which engine answered the last turn">{ENGINE_LABELS[turn.engine]}</span>
            </p>
          )}
        </div>
      </div>
      <div className="flex items-center gap-2">
        {onToggleMuted && (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={isMuted}
            title={isMuted ? 'Replies are not read aloud. Turn speech on.' : 'Replies are read aloud. Mute them.'}
            onClick={onToggleMuted}
          >
            {isMuted ? (
              <VolumeX className="size-4" aria-hidden="true" />
            ) : (
              <Volume2 className="size-4" aria-hidden="true" />
            )}
            <span className="sr-only sm:not-sr-only">Mute replies</span>
          </Button>
        )}
        {phase === 'active' && (
          <Button variant="danger" size="sm" isLoading={state.isHangingUp} onClick={onHangUp}>
            {!state.isHangingUp && <PhoneOff className="size-4" aria-hidden="true" />} Hang up
          </Button>
        )}
      </div>
    </div>
  );
}

/** Always in the page, so that screen readers announce what appears in it. */
function SpeechStatus({ isListening, problem }: { isListening: boolean; problem: string | null }) {
  return (
    <p role="status" className={clsx('text-xs empty:hidden', problem ? 'text-amber-800' : 'text-stone-600')}>
      {problem ?? (isListening ? 'Listening… speak now, or press the microphone again to stop.' : '')}
    </p>
  );
}
