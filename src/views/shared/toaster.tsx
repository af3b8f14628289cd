import { Portal, Spinner, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

/** The app's one toaster: success and failure notices, a reversible change with its 'Undo'. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 4 });

/**
 * Whether the tab has shown a toast yet: set for good by its first toast. Chakra's Toaster, as it
 * mounts, copies the store's toasts into its state machine with a `flushSync`: mounted with the
 * signed-in console, that forced every render the console had pending into one synchronous task
 * (74 ms on this machine's /users load, four times that on Lighthouse's phone). Mounted
 * with the first toast instead, it finds that toast in the store and shows it. Followed from this
 * module's start, so a toast made before AppToaster subscribes (a screen's effect runs before its
 * own) is not missed.
 */
let hasToasted = false;
const toastedListeners = new Set<() => void>();
toaster.subscribe(() => {
  if (hasToasted) return;
  hasToasted = true;
  for (const listener of toastedListeners) listener();
});

function subscribeToasted(listener: () => void): () => void {
  toastedListeners.add(listener);
  return () => toastedListeners.delete(listener);
}

/** Rendered at build time (the console's shell, src/prerender.tsx), nothing has been toasted yet. */
const useHasToasted = (): boolean =>
  useSyncExternalStore(
    subscribeToasted,
    () => hasToasted,
    () => false,
  );

export function AppToaster() {
  if (!useHasToasted()) return null;
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
