import { NavLink, Outlet } from 'react-router';
import clsx from 'clsx';
import { Gauge, Settings2, Users, type LucideIcon } from 'lucide-react';

interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard), not on the pages under it. */
  end?: boolean;
}

export const ADMIN_NAV_ITEMS: AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: Gauge, end: true },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/settings', label: 'Settings', icon: Settings2 },
];

/**
 * The admin area: a sidebar beside the page, which on a phone becomes a strip of tabs above it. NavLink marks the
 * current page with aria-current="page".
 */
export function AdminLayout() {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-6">
      <nav
        aria-label="Admin"
        className="-mx-4 border-b border-stone-200 px-4 sm:sticky sm:top-4 sm:mx-0 sm:w-40 sm:shrink-0 sm:border-0 sm:px-0"
      >
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase sm:block">Admin</p>
        <ul className="flex gap-1 overflow-x-auto sm:flex-col">
          {ADMIN_NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-2 text-sm font-medium whitespace-nowrap',
                    // Phone: tabs underlined when current. Wider: sidebar items filled when current.
                    'border-b-2 px-3 py-2.5 sm:rounded-lg sm:border-b-0 sm:py-2',
                    isActive
                      ? 'border-brand-700 text-brand-800 sm:bg-brand-50'
                      : 'border-transparent text-stone-600 hover:text-stone-900 sm:hover:bg-stone-100',
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
