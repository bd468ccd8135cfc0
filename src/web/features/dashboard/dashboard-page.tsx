import { useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@shared/contracts/me';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { MSG } from '@shared/messages';
import { api } from '@web/lib/api';
import { useSession } from '@web/lib/session';
import { useDocumentTitle } from '@web/components/document-title';
import { Button, Spinner } from '@web/components/button';

export function DashboardPage() {
  const { me } = useSession();
  useDocumentTitle('Dashboard');
  const orders = useQuery({
    queryKey: ['orders'],
    queryFn: () => api.get<{ orders: OrderSummary[] }>('/api/orders'),
  });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{me?.restaurant.restaurantName ?? 'Your restaurant'}</h1>
        <p className="text-sm text-stone-600">Orders placed with your phone assistant appear here as they come in.</p>
      </div>
      {orders.isPending ? (
        <div className="flex items-center gap-2 text-stone-600" role="status">
          <Spinner className="size-4" /> Loading orders…
        </div>
      ) : orders.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{MSG.failedToLoadOrders}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        </div>
      ) : orders.data.orders.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
          No orders have been received yet.
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {orders.data.orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
              <p className="font-semibold">{order.item}</p>
              <p className="text-sm text-stone-600">{formatPhoneDisplay(order.phoneNumber)}</p>
              <p className="mt-2 text-xs uppercase tracking-wide text-stone-500">{order.status}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
