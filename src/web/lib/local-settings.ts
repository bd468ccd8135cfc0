const ALLOW_CUSTOM_ORDERS = 'allowCustomOrders';

/** Browser-local setting from the spec: 'true' / 'false', never sent to the server. Defaults to allowed. */
export const allowCustomOrders = {
  get: () => localStorage.getItem(ALLOW_CUSTOM_ORDERS) !== 'false',
  set: (allowed: boolean) => localStorage.setItem(ALLOW_CUSTOM_ORDERS, allowed ? 'true' : 'false'),
};
