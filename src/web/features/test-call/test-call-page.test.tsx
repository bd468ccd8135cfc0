// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import { TEST_CALL_IDLE_MS } from '@shared/domain/calls';
import { fakeApi, renderAt, reply, signedInOwner, type Reply } from '../../../../tests/render-web';
import { TestCallPage } from './test-call-page';

const CALL_ID = '6f1c0a52-3f7e-4a53-9d43-0c3b1f1b7c11';
const routes = [{ path: '/test-call', element: <TestCallPage /> }];

const bot = {
  language: 'es',
  greetingMessage: '¡Bienvenidos!',
  busyMessage: 'Estamos ocupados.',
  autoSmsEnabled: true,
  allowCustomOrders: true,
  isBusyMode: false,
  isSaved: true,
};

const emptyDraft = { lines: [], customText: null, customerName: null, totalCents: 0 };

function turn(overrides: Partial<TestCallTurn> = {}): TestCallTurn {
  return {
    reply: '¿Algo más?',
    ended: false,
    orderId: null,
    transferred: false,
    draft: emptyDraft,
    engine: 'rules',
    notice: null,
    ...overrides,
  };
}

const started: StartTestCallResponse = {
  callId: CALL_ID,
  language: 'es',
  ...turn({ reply: '¡Bienvenidos a Luigi! ¿Qué le gustaría pedir?' }),
};

function callApi(messages: (text: string) => Reply) {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
    'GET /api/restaurant/bot': reply(200, bot),
    'POST /api/test-calls': reply(201, started),
    'POST /api/test-calls/:callId/messages': ({ body }) => messages((body as { text: string }).text),
    'POST /api/test-calls/:callId/end': reply(204),
  });
}

const messageBox = () => screen.getByRole('textbox', { name: 'What the caller says' });
const transcript = () => screen.getByRole('region', { name: 'Transcript' });

async function startCall() {
  const view = renderAt('/test-call', routes);
  await waitFor(() => expect(screen.getByLabelText('Language')).toHaveValue('es'));
  await view.user.click(screen.getByRole('button', { name: 'Start call' }));
  await within(transcript()).findByText('¡Bienvenidos a Luigi! ¿Qué le gustaría pedir?');
  return view;
}

describe('the test call page', () => {
  it('calls in the assistant’s language, takes typed turns and shows what was understood', async () => {
    const api = callApi((text) =>
      text === 'Dos pizzas margarita'
        ? reply(
            200,
            turn({
              reply: 'Dos Margherita Pizza. ¿A nombre de quién?',
              draft: {
                lines: [
                  {
                    name: 'Margherita Pizza',
                    dish: 'Margherita Pizza',
                    quantity: 2,
                    options: [],
                    exclusions: ['albahaca'],
                    notes: 'sin albahaca',
                    unitPriceCents: 1250,
                  },
                ],
                customText: null,
                customerName: null,
                totalCents: 2500,
              },
            }),
          )
        : reply(
            200,
            turn({
              reply: 'Pedido hecho, Dana. ¡Gracias!',
              ended: true,
              orderId: 'order-7',
              draft: {
                lines: [
                  {
                    name: 'Margherita Pizza',
                    dish: 'Margherita Pizza',
                    quantity: 2,
                    options: [],
                    exclusions: ['albahaca'],
                    notes: 'sin albahaca',
                    unitPriceCents: 1250,
                  },
                ],
                customText: null,
                customerName: 'Dana',
                totalCents: 2500,
              },
              notice: 'The language model did not answer, so the built-in assistant took over this call.',
            }),
          ),
    );
    const { user } = await startCall();

    expect(api.bodiesOf('POST /api/test-calls')).toEqual([{ language: 'es' }]);
    expect(messageBox()).toHaveFocus();
    expect(screen.getByText('Built-in assistant')).toBeVisible();
    // jsdom has no speech recognition: no microphone button, and nothing else breaks.
    expect(screen.queryByRole('button', { name: 'Speak' })).not.toBeInTheDocument();

    await user.type(messageBox(), 'Dos pizzas margarita{Enter}');
    await within(transcript()).findByText('Dos Margherita Pizza. ¿A nombre de quién?');
    expect(messageBox()).toHaveValue('');
    const items = screen.getByRole('list', { name: 'Items understood' });
    expect(items).toHaveTextContent('2 × Margherita Pizza');
    expect(items).toHaveTextContent('Note: sin albahaca');
    expect(items).toHaveTextContent('$25.00');

    await user.type(messageBox(), 'Dana{Enter}');
    await within(transcript()).findByText('Pedido hecho, Dana. ¡Gracias!');
    expect(within(transcript()).getByText(/built-in assistant took over/)).toBeVisible();
    const understood = screen.getByRole('complementary', { name: 'What the assistant understood' });
    expect(within(understood).getByText('Dana')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View on dashboard' })).toHaveAttribute('href', '/dashboard?order=order-7');
    expect(messageBox()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start again' })).toHaveFocus();
    expect(api.bodiesOf('POST /api/test-calls/:callId/messages')).toEqual([
      { text: 'Dos pizzas margarita' },
      { text: 'Dana' },
    ]);
  });

  it('shows a failed turn inline and sends the same words again on Retry', async () => {
    let attempts = 0;
    const api = callApi(() =>
      ++attempts === 1
        ? reply(409, { error: 'Another message to this call was answered first. Try again.' })
        : reply(200, turn({ reply: 'Claro.' })),
    );
    const { user } = await startCall();

    await user.type(messageBox(), 'Hola{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Another message to this call was answered first. Try again.');
    expect(within(transcript()).getByText('Not sent')).toBeVisible();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(transcript()).findByText('Claro.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.bodiesOf('POST /api/test-calls/:callId/messages')).toEqual([{ text: 'Hola' }, { text: 'Hola' }]);
  });

  it('a call that has ended offers Start again instead of Retry', async () => {
    callApi(() => reply(409, { error: 'This test call has ended. Start a new one.' }));
    const { user } = await startCall();

    await user.type(messageBox(), 'Hola{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This test call has ended. Start a new one.');
    expect(within(alert).getByRole('button', { name: 'Start again' })).toBeVisible();
    expect(messageBox()).toBeDisabled();
  });

  it('hangs up, then offers Start again', async () => {
    const api = callApi(() => reply(200, turn()));
    const { user } = await startCall();

    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    await within(transcript()).findByText('You hung up.');
    expect(api.writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/test-calls',
      `POST /api/test-calls/${CALL_ID}/end`,
    ]);
    expect(messageBox()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start again' })).toHaveFocus();
  });

  describe('a call nobody hangs up', () => {
    afterEach(() => {
      vi.useRealTimers();
      Reflect.deleteProperty(navigator, 'sendBeacon');
    });

    it('ends after 2 minutes without a message, each message starting the 2 minutes again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
      const api = callApi(() => reply(200, turn({ reply: 'Muy bien.' })));
      const { user } = await startCall();
      const ends = () => api.writes().filter((r) => r.path.endsWith('/end'));

      act(() => void vi.advanceTimersByTime(TEST_CALL_IDLE_MS - 1_000));
      await user.type(messageBox(), 'Una horchata{Enter}');
      await within(transcript()).findByText('Muy bien.');
      act(() => void vi.advanceTimersByTime(TEST_CALL_IDLE_MS - 1_000));
      expect(messageBox()).toBeEnabled();
      expect(ends()).toEqual([]);

      act(() => void vi.advanceTimersByTime(1_000));
      expect(await within(transcript()).findByText('The call ended after 2 minutes without a message.')).toBeVisible();
      expect(messageBox()).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Start again' })).toBeVisible();
      await waitFor(() => expect(ends().map((r) => r.path)).toEqual([`/api/test-calls/${CALL_ID}/end`]));
    });

    it('is hung up with a beacon when the page goes away', async () => {
      const beacon = vi.fn(() => true);
      Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
      const api = callApi(() => reply(200, turn()));
      await startCall();

      act(() => void window.dispatchEvent(new Event('pagehide')));
      expect(beacon).toHaveBeenCalledExactlyOnceWith(`/api/test-calls/${CALL_ID}/end?left=1`);
      expect(api.writes().filter((r) => r.path.endsWith('/end'))).toEqual([]);
      // Back from the browser's back-forward cache, the page says the call is over.
      expect(await within(transcript()).findByText('The call was hung up when you left the page.')).toBeVisible();
      expect(messageBox()).toBeDisabled();
    });

    it('is hung up with a keepalive request when the browser will not take the beacon', async () => {
      Object.defineProperty(navigator, 'sendBeacon', { value: vi.fn(() => false), configurable: true });
      const api = callApi(() => reply(200, turn()));
      await startCall();

      act(() => void window.dispatchEvent(new Event('pagehide')));
      await waitFor(() =>
        expect(api.writes().filter((r) => r.path.endsWith('/end'))).toEqual([
          { method: 'POST', path: `/api/test-calls/${CALL_ID}/end`, body: undefined },
        ]),
      );
      const [, init] = vi.mocked(fetch).mock.calls.at(-1)!;
      expect(init).toMatchObject({ keepalive: true });
    });
  });

  it('checks the caller number before calling', async () => {
    const api = callApi(() => reply(200, turn()));
    const { user, fill } = renderAt('/test-call', routes);
    await fill(await screen.findByLabelText('Caller number (optional)'), '555-1234');
    await user.click(screen.getByRole('button', { name: 'Start call' }));

    expect(await screen.findByText('Give the caller number in E.164 form, like +14155550123')).toBeVisible();
    expect(api.writes()).toEqual([]);
  });

  it('sends what the microphone heard, where the browser offers speech recognition', async () => {
    const recognitions: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      interimResults = false;
      continuous = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      constructor() {
        recognitions.push(this);
      }
      start() {}
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
      hear(text: string, isFinal: boolean) {
        this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: text }], { isFinal })] });
      }
    }
    Object.assign(window, { webkitSpeechRecognition: FakeRecognition });
    try {
      const api = callApi(() => reply(200, turn({ reply: 'Muy bien.' })));
      const { user } = await startCall();

      const mic = screen.getByRole('button', { name: 'Speak' });
      expect(mic).toHaveAttribute('aria-pressed', 'false');
      await user.click(mic);
      expect(screen.getByRole('button', { name: 'Stop listening' })).toHaveAttribute('aria-pressed', 'true');
      const recognition = recognitions[0]!;
      expect(recognition).toMatchObject({ lang: 'es-US', interimResults: true });

      act(() => recognition.hear('una pizza', false));
      expect(within(transcript()).getByText(/una pizza…/)).toBeVisible();
      act(() => recognition.hear('una pizza margarita', true));

      await within(transcript()).findByText('Muy bien.');
      expect(api.bodiesOf('POST /api/test-calls/:callId/messages')).toEqual([{ text: 'una pizza margarita' }]);
      expect(screen.getByRole('button', { name: 'Speak' })).toHaveAttribute('aria-pressed', 'false');
    } finally {
      Reflect.deleteProperty(window, 'webkitSpeechRecognition');
    }
  });
});
