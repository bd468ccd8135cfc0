import { describe, expect, it } from 'vitest';
import { describeDevice } from './device-name';

const AGENTS = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsungAndroidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('describeDevice', () => {
  it.each([
    [AGENTS.chromeMac, 'Chrome on macOS', 'computer'],
    [AGENTS.chromeWindows, 'Chrome on Windows', 'computer'],
    [AGENTS.edgeWindows, 'Edge on Windows', 'computer'],
    [AGENTS.operaWindows, 'Opera on Windows', 'computer'],
    [AGENTS.firefoxLinux, 'Firefox on Linux', 'computer'],
    [AGENTS.safariMac, 'Safari on macOS', 'computer'],
    [AGENTS.safariIphone, 'Safari on iPhone', 'phone'],
    [AGENTS.chromeIphone, 'Chrome on iPhone', 'phone'],
    [AGENTS.safariIpad, 'Safari on iPad', 'tablet'],
    [AGENTS.chromeAndroidPhone, 'Chrome on Android', 'phone'],
    [AGENTS.samsungAndroidTablet, 'Samsung Internet on Android', 'tablet'],
    [AGENTS.chromebook, 'Chrome on ChromeOS', 'computer'],
    [AGENTS.headlessChrome, 'Chrome on Linux', 'computer'],
  ])('reads %s as %s', (agent, name, kind) => {
    expect(describeDevice(agent)).toEqual({ name, kind });
  });

  it('names what it can read, and says so when it can read nothing', () => {
    expect(describeDevice('curl/8.5.0')).toEqual({ name: 'Unknown device', kind: 'unknown' });
    expect(describeDevice('')).toEqual({ name: 'Unknown device', kind: 'unknown' });
    expect(describeDevice(null)).toEqual({ name: 'Unknown device', kind: 'unknown' });
    expect(describeDevice('SomeApp/1.0 (Windows NT 10.0)')).toEqual({ name: 'Windows', kind: 'computer' });
  });
});
