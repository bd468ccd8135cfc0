export type DeviceKind = 'phone' | 'tablet' | 'computer' | 'unknown';

export interface DeviceSummary {
  /** 'Chrome on macOS', 'Safari on iPhone', 'Firefox', 'Unknown device'. */
  name: string;
  kind: DeviceKind;
}

/**
 * Browsers by the mark their user agent carries, most specific first: Edge, Opera and Samsung Internet also say
 * "Chrome", and every browser on iOS and Chrome say "Safari".
 */
const BROWSERS: readonly (readonly [name: string, mark: RegExp])[] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\bOPR\/|\bOpera\b/],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /Chrome\/|\bCriOS\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

/** Systems, most specific first: an iPhone's user agent also says "Mac OS X", Android's says "Linux". */
const SYSTEMS: readonly (readonly [name: string, mark: RegExp, kind: DeviceKind])[] = [
  ['iPhone', /\biPhone\b/, 'phone'],
  ['iPad', /\biPad\b/, 'tablet'],
  ['Android', /\bAndroid\b.*\bMobile\b/, 'phone'],
  ['Android', /\bAndroid\b/, 'tablet'],
  ['Windows', /\bWindows\b/, 'computer'],
  ['ChromeOS', /\bCrOS\b/, 'computer'],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/, 'computer'],
  ['Linux', /\bLinux\b/, 'computer'],
];

/**
 * A short, readable name for the device a session was signed in from, read from its user agent: enough for an owner
 * to tell their phone from the kitchen tablet, not a full parse.
 */
export function describeDevice(userAgent: string | null | undefined): DeviceSummary {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([, mark]) => mark.test(agent))?.[0];
  const system = SYSTEMS.find(([, mark]) => mark.test(agent));
  const kind = system?.[2] ?? 'unknown';
  if (browser && system) return { name: `${browser} on ${system[0]}`, kind };
  return { name: browser ?? system?.[0] ?? 'Unknown device', kind };
}
