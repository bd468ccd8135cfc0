import { describe, expect, it } from 'vitest';
import { instantAt } from '@shared/domain/zoned-time';
import { largeMenu, longTurn } from '../../../../bench/lib/large-menu';
import { PACKS } from '../language';
import { readPickupRequest, readPickupTime, resolvePickupRequest, type PickupRequest } from './pickup-request';

const clock = (hour: number, minute: number, meridiem: 'am' | 'pm' | null = null): PickupRequest => ({
  kind: 'clock',
  hour,
  minute,
  meridiem,
});
const wait = (minutes: number): PickupRequest => ({ kind: 'wait', minutes });

describe('readPickupRequest', () => {
  it.each([
    ['Can I pick it up at 7 pm?', clock(7, 0, 'pm')],
    ['at 7:30 p.m. please', clock(7, 30, 'pm')],
    ['make it for 19:00', clock(19, 0)],
    ["around seven o'clock", clock(7, 0)],
    ['at seven thirty in the evening', clock(7, 30, 'pm')],
    ['at noon', clock(12, 0)],
    ['in an hour', wait(60)],
    ['in half an hour', wait(30)],
    ['in 45 minutes', wait(45)],
    ['in two hours', wait(120)],
    ['in an hour and a half', wait(90)],
  ])('English: %s', (text, request) => {
    expect(readPickupRequest(text, PACKS.en)?.request).toEqual(request);
  });

  it.each([
    ['a las 7 de la tarde', clock(7, 0, 'pm')],
    ['para las siete y media', clock(7, 30)],
    ['a las ocho menos cuarto de la noche', clock(7, 45, 'pm')],
    ['en una hora', wait(60)],
    ['dentro de media hora', wait(30)],
    ['en 20 minutos', wait(20)],
  ])('Spanish: %s', (text, request) => {
    expect(readPickupRequest(text, PACKS.es)?.request).toEqual(request);
  });

  it.each([
    ['à 19h', clock(19, 0)],
    ['pour 19 h 30', clock(19, 30)],
    ['vers sept heures et demie du soir', clock(7, 30, 'pm')],
    ['à midi', clock(12, 0)],
    ['dans une heure', wait(60)],
    ['dans 20 minutes', wait(20)],
    ['dans une demi-heure', wait(30)],
  ])('French: %s', (text, request) => {
    expect(readPickupRequest(text, PACKS.fr)?.request).toEqual(request);
  });

  it.each([
    ['晚上7点', clock(7, 0, 'pm')],
    ['下午三点半取', clock(3, 30, 'pm')],
    ['七点十五分', clock(7, 15)],
    ['19:30取餐', clock(19, 30)],
    ['一个小时后', wait(60)],
    ['半小时后', wait(30)],
    ['20分钟后来取', wait(20)],
  ])('Chinese: %s', (text, request) => {
    expect(readPickupRequest(text, PACKS.zh)?.request).toEqual(request);
  });

  it('leaves quantities and other questions alone', () => {
    for (const text of ['Two burritos please', 'What time do you close?', 'How long will it take?', '3 tacos']) {
      expect(readPickupRequest(text, PACKS.en)).toBeNull();
    }
    expect(readPickupRequest('two Midnight Platters and a Noon Special', PACKS.en)).toBeNull();
    expect(readPickupRequest(longTurn(largeMenu()), PACKS.en)).toBeNull();
    expect(readPickupRequest('dos burritos, por favor', PACKS.es)).toBeNull();
    expect(readPickupRequest('两个汉堡', PACKS.zh)).toBeNull();
  });

  it('hands back the rest of what was said', () => {
    expect(readPickupRequest('Two burritos, pickup at 7 pm please', PACKS.en)?.rest).toBe('Two burritos,');
    expect(readPickupRequest('两个汉堡，晚上7点取', PACKS.zh)?.rest).toBe('两个汉堡,');
  });
});

describe('resolvePickupRequest', () => {
  const LA = 'America/Los_Angeles';
  const la = (day: number, hour: number, minute = 0) => instantAt(LA, { year: 2026, month: 11, day, hour, minute });
  const fivePm = la(27, 17);

  it('takes the next 7 of the two without am or pm', () => {
    expect(resolvePickupRequest(clock(7, 0), fivePm, LA)).toBe(la(27, 19));
    expect(resolvePickupRequest(clock(7, 0, 'pm'), fivePm, LA)).toBe(la(27, 19));
  });

  it('reads a time just past as past, and an early-morning time late at night as tomorrow', () => {
    expect(resolvePickupRequest(clock(4, 0, 'pm'), fivePm, LA)).toBe(la(27, 16));
    expect(resolvePickupRequest(clock(1, 0, 'am'), la(27, 23, 30), LA)).toBe(la(28, 1));
  });

  it('counts a wait from now', () => {
    expect(resolvePickupRequest(wait(60), fivePm, LA)).toBe(la(27, 18));
  });

  it('reads what a tool is given: ISO times, 24-hour times and words', () => {
    expect(readPickupTime('2026-11-27T19:00', 'en', fivePm, LA)).toBe(la(27, 19));
    expect(readPickupTime('2026-11-28T03:00:00Z', 'en', fivePm, LA)).toBe(la(27, 19));
    expect(readPickupTime('19:00', 'es', fivePm, LA)).toBe(la(27, 19));
    expect(readPickupTime('in an hour', 'fr', fivePm, LA)).toBe(la(27, 18));
    expect(readPickupTime('dans une heure', 'fr', fivePm, LA)).toBe(la(27, 18));
    expect(readPickupTime('whenever', 'en', fivePm, LA)).toBeNull();
  });
});
