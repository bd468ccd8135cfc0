import type { MouseEvent } from 'react';
import { PRODUCT_NAME } from '@shared/product';

// The spec keeps these links without destinations; they stay focusable so the footer reads normally.
const FOOTER_LINKS = ['Terms', 'Privacy', 'Contact'] as const;

function stayOnPage(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
}

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-sm text-stone-600 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
        <p>
          &copy; {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer">
          <ul className="flex items-center gap-6">
            {FOOTER_LINKS.map((label) => (
              <li key={label}>
                <a href="#" onClick={stayOnPage} className="rounded-sm hover:text-stone-900">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
