import { useCallback, useEffect, useRef, useState } from 'react';
import { LOCALES } from '@shared/domain/languages';

/** The locale the browser's speech engines are asked for, per call language: the server's own. */
export const SPEECH_LOCALES = LOCALES;

/**
 * The part of the Web Speech API's SpeechRecognition this page uses. TypeScript's DOM library leaves the class out
 * (Chromium still ships it as webkitSpeechRecognition), so it is described here.
 */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

interface RecognitionResultEvent {
  resultIndex?: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

type RecognitionConstructor = new () => Recognition;

type SpeechWindow = Window & {
  SpeechRecognition?: RecognitionConstructor;
  webkitSpeechRecognition?: RecognitionConstructor;
};

function findRecognition(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const speechWindow = window as SpeechWindow;
  return speechWindow.SpeechRecognition ?? speechWindow.webkitSpeechRecognition ?? null;
}

/** What to tell the owner when recognition stops with an error; null for errors that need no word (we stopped it). */
function recognitionProblem(error: string | undefined): string | null {
  switch (error) {
    case 'aborted':
      return null;
    case 'no-speech':
      return 'Nothing was heard. Press the microphone and speak, or type instead.';
    case 'not-allowed':
    case 'service-not-allowed':
      return 'The browser was not allowed to use the microphone. Allow it, or type instead.';
    case 'audio-capture':
      return 'No microphone was found. Type instead.';
    case 'network':
      return 'Speech recognition needs a network connection. Type instead.';
    case 'language-not-supported':
      return 'This browser cannot recognise speech in this language. Type instead.';
    default:
      return 'Speech recognition stopped. Try again, or type instead.';
  }
}

/**
 * Speech-to-text for the caller's turns, where the browser offers it. `onFinal` gets each finished phrase; the words
 * heard so far are in `interim` while the person is still speaking. Nothing is thrown or logged when the browser
 * has no recognition or refuses it: `isSupported` is false, or `problem` says what went wrong.
 */
export function useSpeechRecognition({ locale, onFinal }: { locale: string; onFinal: (text: string) => void }) {
  const [Recognition] = useState(findRecognition);
  const [isListening, setIsListening] = useState(false);
  const [interim, setInterim] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = useRef<Recognition | null>(null);
  const onFinalRef = useRef(onFinal);
  useEffect(() => {
    onFinalRef.current = onFinal;
  });

  const finish = useCallback((recognition: Recognition) => {
    if (current.current !== recognition) return false;
    current.current = null;
    setIsListening(false);
    setInterim('');
    return true;
  }, []);

  const stop = useCallback(() => {
    const recognition = current.current;
    if (!recognition) return;
    finish(recognition);
    try {
      recognition.abort();
    } catch {
      // Already stopped.
    }
  }, [finish]);

  const start = useCallback(() => {
    if (!Recognition || current.current) return;
    let recognition: Recognition;
    try {
      recognition = new Recognition();
      recognition.lang = locale;
      recognition.interimResults = true;
      recognition.continuous = false;
      recognition.maxAlternatives = 1;
    } catch {
      setProblem(recognitionProblem(undefined));
      return;
    }
    recognition.onresult = (event) => {
      if (current.current !== recognition) return;
      let heard = '';
      let final = '';
      for (let i = event.resultIndex ?? 0; i < event.results.length; i++) {
        const result = event.results[i];
        const text = result?.[0]?.transcript ?? '';
        if (result?.isFinal) final += text;
        else heard += text;
      }
      if (final.trim()) {
        finish(recognition);
        try {
          recognition.stop();
        } catch {
          // Already stopped.
        }
        onFinalRef.current(final.trim());
      } else {
        setInterim(heard);
      }
    };
    recognition.onerror = (event) => {
      if (!finish(recognition)) return;
      setProblem(recognitionProblem(event.error));
    };
    recognition.onend = () => {
      finish(recognition);
    };
    current.current = recognition;
    setProblem(null);
    setInterim('');
    setIsListening(true);
    try {
      recognition.start();
    } catch {
      finish(recognition);
      setProblem(recognitionProblem(undefined));
    }
  }, [Recognition, locale, finish]);

  // A new language or leaving the page stops listening.
  useEffect(() => stop, [stop, locale]);

  return { isSupported: Recognition !== null, isListening, interim, problem, start, stop };
}

function synthesis(): SpeechSynthesis | null {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return null;
  return window.speechSynthesis ?? null;
}

export const canSpeak = () => synthesis() !== null && typeof SpeechSynthesisUtterance !== 'undefined';

/**
 * Reads a reply aloud in the call's language. When the browser lists voices but none speaks that language, it stays
 * quiet rather than read the words in another accent. Never throws: speech is an extra, the transcript is the record.
 */
export function speak(text: string, locale: string) {
  const synth = synthesis();
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
  try {
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = locale;
    const voices = synth.getVoices();
    const wanted = locale.toLowerCase();
    const language = wanted.split('-')[0]!;
    const voice =
      voices.find((v) => v.lang.toLowerCase().replace('_', '-') === wanted) ??
      voices.find((v) => v.lang.toLowerCase().startsWith(language));
    if (voices.length > 0 && !voice) return;
    if (voice) utterance.voice = voice;
    synth.speak(utterance);
  } catch {
    // Some browsers throw when no speech service is installed.
  }
}

export function stopSpeaking() {
  try {
    synthesis()?.cancel();
  } catch {
    // Nothing was being said.
  }
}
