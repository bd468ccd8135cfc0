import type { Language } from '@shared/domain/languages';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { CorpusCase } from './score';
import { zh } from './zh';

export const CORPUS: Record<Language, readonly CorpusCase[]> = { en, es, fr, zh };
