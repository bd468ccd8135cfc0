// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { afterOnboarding, sameOriginPath } from './after-onboarding';

describe('sameOriginPath', () => {
  it('keeps a path with its query and hash', () => {
    expect(sameOriginPath('/pricing?subscribe=1')).toBe('/pricing?subscribe=1');
    expect(sameOriginPath('/account/billing#history')).toBe('/account/billing#history');
  });

  it.each([
    null,
    '',
    'https://evil.example/pricing',
    '//evil.example/pricing',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'pricing',
  ])('refuses %j', (target) => {
    expect(sameOriginPath(target)).toBeNull();
  });
});

describe('afterOnboarding', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives back the remembered path once, then the dashboard', () => {
    afterOnboarding.remember('/pricing?subscribe=1');
    expect(afterOnboarding.take()).toBe('/pricing?subscribe=1');
    expect(afterOnboarding.take()).toBe('/dashboard');
  });

  it('forgets an earlier path when a later sign-in has none', () => {
    afterOnboarding.remember('/pricing?subscribe=1');
    afterOnboarding.remember(null);
    expect(afterOnboarding.take()).toBe('/dashboard');
  });

  it('never keeps an off-site target, nor follows one planted in storage', () => {
    afterOnboarding.remember('https://evil.example/');
    expect(afterOnboarding.take()).toBe('/dashboard');
    sessionStorage.setItem('pickupline.afterOnboarding', '//evil.example/');
    expect(afterOnboarding.take()).toBe('/dashboard');
  });
});
