import type { MenuEntry } from '../src/server/modules/voice/call-context';

/** A dish as the assistant sees it, available, with no category, aliases or options unless given. */
export const menuEntry = (id: string, name: string, priceCents: number, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  id,
  name,
  aliases: [],
  description: null,
  priceCents,
  preparationTime: 10,
  isAvailable: true,
  categoryId: null,
  options: [],
  ...extra,
});
