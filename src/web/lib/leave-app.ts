/**
 * Sends the browser to a URL outside the single-page app (a payment provider's checkout or billing portal) with a
 * full page load. Kept apart so component tests can replace it: jsdom cannot navigate.
 */
export function leaveAppFor(url: string) {
  window.location.assign(url);
}
