import { Link } from 'react-router';
import { PhoneCall } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/product';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-stone-900">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-700 text-white">
        <PhoneCall className="size-4" aria-hidden="true" />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
