import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import type { Language } from '@shared/domain/languages';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { nearestSaturdayAt, setUpNightOwlRestaurant } from '../../../../tests/night-owl-restaurant';

/** What a caller asks, and what the built-in engine answers, at 01:00 and at 03:00 on Saturday. */
const CASES: Record<Language, { ask: string; order: string; at1: string; at3: string; refusal: RegExp }> = {
  en: {
    ask: 'when do you close?',
    order: 'two dan dan noodles please',
    at1: 'We are open now, until 2:00 AM. On Friday we are open 11:00 AM to 2:00 PM and 6:00 PM to 2:00 AM.',
    at3: 'We are closed right now. We open today at 12:00 PM. On Saturday we are open 12:00 PM to 3:00 PM and 5:00 PM to 11:00 PM.',
    refusal: /^Sorry, we are closed right now, so I cannot take an order\. We open today at 12:00 PM\.$/,
  },
  es: {
    ask: '¿a qué hora cierran?',
    order: 'dos dan dan noodles por favor',
    at1: 'Estamos abiertos ahora, hasta las 2:00 a.m. El viernes abrimos de 11:00 a.m. a 2:00 p.m. y de 6:00 p.m. a 2:00 a.m.',
    at3: 'Ahora estamos cerrados. Abrimos hoy a las 12:00 p.m. El sábado abrimos de 12:00 p.m. a 3:00 p.m. y de 5:00 p.m. a 11:00 p.m.',
    refusal: /^Lo siento, ahora estamos cerrados y no puedo tomar pedidos\. Abrimos hoy a las 12:00 p\.m\.$/,
  },
  fr: {
    ask: 'à quelle heure vous fermez ?',
    order: 'deux dan dan noodles s’il vous plaît',
    at1: "Nous sommes ouverts, jusqu'à 2:00. Le vendredi, nous sommes ouverts de 11:00 à 14:00 et de 18:00 à 2:00.",
    at3: "Nous sommes fermés pour le moment. Nous ouvrons aujourd'hui à 12:00. Le samedi, nous sommes ouverts de 12:00 à 15:00 et de 17:00 à 23:00.",
    refusal: /^Désolé, nous sommes fermés et je ne peux pas prendre de commande\. Nous ouvrons aujourd'hui à 12:00\.$/,
  },
  zh: {
    ask: '你们几点关门？',
    order: '两份担担面',
    at1: '我们现在营业，营业到2:00。星期五的营业时间是11:00至14:00和18:00至2:00。',
    at3: '我们现在不营业，今天12:00开门。星期六的营业时间是12:00至15:00和17:00至23:00。',
    refusal: /^抱歉，我们现在不营业，无法接单。我们今天12:00开门。$/,
  },
};

describe('the built-in test-call engine on hours with two periods and a late night', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.signUp({ email: 'late-tester@example.com' }));
    await setUpNightOwlRestaurant(t, cookie, { dishAliases: ['担担面'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  async function say(callId: string, text: string) {
    const response = await t.request(`/api/test-calls/${callId}/messages`, { method: 'POST', cookie, json: { text } });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as TestCallTurn).reply;
  }

  async function callAt(at: Date, language: Language) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const started = await t.request('/api/test-calls', {
      method: 'POST',
      cookie,
      json: { language, callerNumber: '+12125550190' },
    });
    expect(started.status, await started.clone().text()).toBe(201);
    return ((await started.json()) as StartTestCallResponse).callId;
  }

  it.each(Object.keys(CASES) as Language[])(
    'at 01:00 on Saturday: open until 02:00, with Friday’s periods (%s)',
    async (language) => {
      const callId = await callAt(nearestSaturdayAt(1), language);
      expect(await say(callId, CASES[language].ask)).toBe(CASES[language].at1);
    },
  );

  it.each(Object.keys(CASES) as Language[])(
    'at 03:00 on Saturday: closed, opening at noon, no order taken (%s)',
    async (language) => {
      const callId = await callAt(nearestSaturdayAt(3), language);
      expect(await say(callId, CASES[language].ask)).toBe(CASES[language].at3);
      expect(await say(callId, CASES[language].order)).toMatch(CASES[language].refusal);
    },
  );
});
