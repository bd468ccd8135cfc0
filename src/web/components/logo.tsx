import { Link } from 'react-router';
import { PhoneCall } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/product';

/** `labelClassName` can hide the name visually (a phone's header) while the link keeps it as its accessible name. */
export function Logo({ to = '/', labelClassName }: { to?: string; labelClassName?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-stone-900">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-700 text-white">
        <PhoneCall className="size-4" aria-hidden="true" />
      </span>
      <span className={labelClassName}>{PRODUCT_NAME}</span>
    </Link>
  );
}
