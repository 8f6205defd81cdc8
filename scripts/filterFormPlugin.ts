import type { Plugin } from 'vite';
import { patchModule } from './patchModule';

/** ra-core's FilterLiveForm reads the form's validity as it renders, which makes react-hook-form compute it. */
const READS_VALIDITY = `    const { isValid } = formState;
`;
const SUBMIT_GUARD = `        if (!isValid) {
            return;
        }`;
/**
 * The same guard from the errors react-hook-form keeps as each changed filter is validated (the form's own
 * record, not the rendered formState, which follows only what was read as it rendered).
 */
const SUBMIT_GUARD_FROM_ERRORS = `        if (Object.keys(formContext.control._formState.errors).length > 0) {
            return;
        }`;

/** The effect that copies the list's filters into the form when they change. */
const RESET_CHECK = `        if (!isEqual(newValues, previousValues)) {
            reset(newValues);
        }`;
/** An empty input holds undefined until it is typed in; the list's filters say ''. Both are an empty filter. */
const RESET_CHECK_BLANK_AS_EMPTY = `        const blank = (values) => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value == null ? '' : value]));
        if (!isEqual(newValues, blank(previousValues))) {
            reset(newValues);
        }`;

/**
 * A list's filter bar is ra-core's FilterLiveForm. As it mounted, its inputs rendered three times before the
 * list's rows could (some 290 of a first visit's 1 300 components, 30-50 ms of a warm navigation on
 * this machine): once more because it reset the form to the list's filters when they differed only by undefined
 * against '' (an empty input against an empty filter), and once more because react-hook-form then computed the
 * form's validity for it, since it read `isValid` as it rendered. This build skips the reset in that case (a real
 * difference, such as filters from the address, still resets the form) and checks, when a change is submitted,
 * the errors react-hook-form keeps for the changed fields (mode onChange validates each change before the
 * debounced submit) instead of the whole form's validity. A ra-core whose FilterLiveForm no longer has this code
 * fails the build, so an upgrade is looked at again.
 */
export function filterFormPlugin(): Plugin {
  return patchModule({
    name: 'lg-filter-form-mounts-once',
    file: /[\\/]ra-core[\\/]dist[\\/]form[\\/]FilterLiveForm\.js$/,
    patches: [
      { find: READS_VALIDITY, replace: '' },
      { find: SUBMIT_GUARD, replace: SUBMIT_GUARD_FROM_ERRORS },
      { find: RESET_CHECK, replace: RESET_CHECK_BLANK_AS_EMPTY },
    ],
    changed: "filterFormPlugin: ra-core's FilterLiveForm has changed; update the plugin",
  });
}
