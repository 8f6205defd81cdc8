import type { Plugin } from 'vite';
import { patchModule } from './patchModule';

/** react-hook-form's useForm: the effect that subscribes the form to its state, and marks it ready. */
const LAYOUT_SUBSCRIPTION = `    useIsomorphicLayoutEffect(() => {
        resyncIfNeeded(true, getCurrentFormState, updateFormState);
        const unsubscribe = control._subscribe({
            formState: control._proxyFormState,
            callback: () => updateFormState({
                ...control._formState,
                defaultValues: control._defaultValues,
            }),
            reRenderRoot: true,
        });
        updateFormState((data) => ({
            ...data,
            isReady: true,
        }));`;

/** The same effect after the commit, marking the form ready with its state as it is when it subscribes. */
const PASSIVE_SUBSCRIPTION = LAYOUT_SUBSCRIPTION.replace(
  'useIsomorphicLayoutEffect(() => {',
  'React.useEffect(() => {',
).replace(
  `updateFormState((data) => ({
            ...data,
            isReady: true,
        }));`,
  `const readyState = {
            ...control._formState,
            defaultValues: control._defaultValues,
            isReady: true,
        };
        const isEmptyRecord = (value) => typeof value === 'object' && value !== null && Object.keys(value).length === 0;
        const differs = (key) =>
            readyState[key] !== formState[key] && !(isEmptyRecord(readyState[key]) && isEmptyRecord(formState[key]));
        if (Object.keys(readyState).some((key) => control._proxyFormState[key] && differs(key))) {
            updateFormState(readyState);
        }`,
);

/**
 * react-hook-form's useForm subscribes, and sets its `isReady` state, in a layout effect. A state change during
 * React's commit is synchronous: every form that mounts (a list's filter bar among them) made React run every
 * effect of the page and render it a second time before the browser could paint the first (on a cold
 * /adMerchant some 100 ms). This build runs that effect after the commit instead, like useForm's
 * other effects. What the form's fields did in their own effects before it subscribed is not lost: the state
 * it sets on subscribing is the form's state as it then is (react-hook-form's own callback sets the same), and
 * it is set only when what the form's components read of it differs (no errors before and after are the same):
 * a list's filter bar rendered all its inputs again only to learn that the form was ready. A
 * react-hook-form whose useForm no longer has this effect fails the build, so an upgrade is looked at again.
 * The dev server pre-bundles react-hook-form unchanged: only a difference in speed.
 */
export function formSubscriptionPlugin(): Plugin {
  return patchModule({
    name: 'lg-form-subscription-after-commit',
    file: /[\\/]react-hook-form[\\/]dist[\\/]index\.esm\.mjs$/,
    patches: [{ find: LAYOUT_SUBSCRIPTION, replace: PASSIVE_SUBSCRIPTION }],
    changed: "formSubscriptionPlugin: react-hook-form's useForm subscription effect has changed; update the plugin",
  });
}
