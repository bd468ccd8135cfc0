/**
 * Forgiving dish matching for what a caller (or a speech recogniser) says: case, accents, punctuation, plurals and
 * small typos do not matter. A match that needed a typo allowance is reported as unsure, so the order is flagged for
 * the kitchen to check.
 */

import { normalizeDishName } from '../ordering/text';

export { normalizeDishName };

export interface MatchCandidate<T> {
  value: T;
  /** The names the item answers to: its menu name, and any other names it has. */
  names: readonly string[];
}

export type MatchResult<T> = { kind: 'match'; value: T; isConfident: boolean } | { kind: 'none'; closest: T[] };

/** A rough singular for each word, so 'tacos', 'burritos', 'pizzas', 'boxes' match their menu names. */
function singularWords(normalized: string): string {
  return normalized
    .split(' ')
    .map((w) =>
      w.length > 4 && /(ches|shes|xes|ses|zes)$/.test(w)
        ? w.slice(0, -2)
        : w.length > 3 && w.endsWith('s') && !w.endsWith('ss')
          ? w.slice(0, -1)
          : w,
    )
    .join(' ');
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many typos a name of this length may carry and still be recognised: none for short names. */
const typoAllowance = (length: number) => (length < 5 ? 0 : length < 10 ? 1 : 2);

interface Scored<T> {
  value: T;
  /** 0 exact … higher is worse. */
  distance: number;
  isConfident: boolean;
}

function score<T>(spoken: string, candidate: MatchCandidate<T>): Scored<T> {
  const said = singularWords(normalizeDishName(spoken));
  let best: Scored<T> = { value: candidate.value, distance: Infinity, isConfident: false };
  for (const name of candidate.names) {
    const target = singularWords(normalizeDishName(name));
    if (!target) continue;
    if (said === target) return { value: candidate.value, distance: 0, isConfident: true };
    const saidWords = new Set(said.split(' '));
    const targetWords = target.split(' ');
    // "a margherita" for "Margherita Pizza": every word said is in the name, and the name's key word is there.
    if (said.length >= 4 && [...saidWords].every((w) => targetWords.includes(w) || w.length <= 2)) {
      best = better(best, { value: candidate.value, distance: 0.5, isConfident: true });
      continue;
    }
    const distance = editDistance(said, target, 3);
    if (distance <= typoAllowance(target.length)) {
      best = better(best, { value: candidate.value, distance, isConfident: false });
    } else {
      best = better(best, { value: candidate.value, distance: 10 + distance, isConfident: false });
    }
  }
  return best;
}

const better = <T>(a: Scored<T>, b: Scored<T>) => (b.distance < a.distance ? b : a);

/**
 * The candidate the caller meant, or, when none is close enough, up to three closest ones to offer instead. Two
 * equally good candidates are not a match: the caller is asked which one.
 */
export function matchDish<T>(spoken: string, candidates: readonly MatchCandidate<T>[]): MatchResult<T> {
  const scored = candidates.map((c) => score(spoken, c)).sort((a, b) => a.distance - b.distance);
  const [first, second] = scored;
  if (first && first.distance < 10 && !(second && second.distance === first.distance)) {
    return { kind: 'match', value: first.value, isConfident: first.isConfident };
  }
  return { kind: 'none', closest: scored.slice(0, 3).map((s) => s.value) };
}

/** Words a caller puts around an option's name: "extra cheese", "a large one", "add guacamole". */
const OPTION_FILLERS = new Set(['a', 'an', 'the', 'one', 'size', 'extra', 'add', 'with', 'please', 'some', 'of']);

/**
 * An option's choice (or group) as said: matched like a dish, and failing that, the one choice whose whole name is
 * among the words said, fillers aside ("extra cheese" for Cheese). Such a match is unsure.
 */
export function matchOption<T>(spoken: string, candidates: readonly MatchCandidate<T>[]): MatchResult<T> {
  const direct = matchDish(spoken, candidates);
  if (direct.kind === 'match') return direct;
  const said = new Set(
    singularWords(normalizeDishName(spoken))
      .split(' ')
      .filter((w) => w && !OPTION_FILLERS.has(w)),
  );
  if (said.size === 0) return direct;
  const contained = candidates.filter((c) =>
    c.names.some((name) => {
      const words = singularWords(normalizeDishName(name)).split(' ').filter(Boolean);
      return words.length > 0 && words.every((w) => said.has(w));
    }),
  );
  return contained.length === 1 ? { kind: 'match', value: contained[0]!.value, isConfident: false } : direct;
}
