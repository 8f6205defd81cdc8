// The real MUI Tooltip (scripts/deferredTooltipPlugin.ts resolves this name to its module).
import MuiTooltip from 'virtual:mui-tooltip';
import type { TooltipProps } from '@mui/material/Tooltip';
import { useForkRef } from '@mui/material/utils';
import clsx from 'clsx';
import { cloneElement, forwardRef, isValidElement, type ReactElement, type Ref, useEffect, useState } from 'react';

/** Tooltip props that are the tooltip's own and must not reach the child. */
const TOOLTIP_ONLY_PROPS = new Set([
  'arrow',
  'classes',
  'components',
  'componentsProps',
  'describeChild',
  'disableFocusListener',
  'disableHoverListener',
  'disableInteractive',
  'disableTouchListener',
  'enterDelay',
  'enterNextDelay',
  'enterTouchDelay',
  'followCursor',
  'id',
  'leaveDelay',
  'leaveTouchDelay',
  'onClose',
  'onOpen',
  'open',
  'placement',
  'PopperComponent',
  'PopperProps',
  'slotProps',
  'slots',
  'title',
  'TransitionComponent',
  'TransitionProps',
]);

type ChildProps = { className?: string; ref?: Ref<unknown> };

/**
 * Every MUI Tooltip of the app, react-admin's included (scripts/deferredTooltipPlugin.ts puts this module in
 * its place). MUI's Tooltip keeps its child's DOM node in state, set from a ref as it mounts; a state change
 * during React's commit is synchronous, so one tooltip on a page made React run every effect of that page and
 * render it a second time before the browser could paint the first (the sort hints of a list's header, the
 * sidebar and refresh buttons). Here a tooltip first renders its child as MUI renders it while closed
 * (the title as its accessible name), and becomes MUI's Tooltip in the render after its first, which runs once
 * the page has been committed; a controlled tooltip (`open` given) is MUI's from the start.
 */
const DeferredTooltip = forwardRef<unknown, TooltipProps>(function DeferredTooltip(props, ref) {
  const [upgraded, setUpgraded] = useState(props.open !== undefined);
  useEffect(() => setUpgraded(true), []);
  const children = props.children as ReactElement<ChildProps>;
  const childRef = isValidElement(children) ? children.props.ref : undefined;
  const handleRef = useForkRef(childRef, ref);
  if (upgraded || !isValidElement(children)) return <MuiTooltip ref={ref} {...props} />;
  const { title, describeChild, disableHoverListener, className } = props;
  const titleIsString = typeof title === 'string';
  const nameOrDescription = describeChild
    ? { title: titleIsString && !disableHoverListener ? title : undefined }
    : { 'aria-label': titleIsString ? title : undefined };
  const passed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (!TOOLTIP_ONLY_PROPS.has(key) && key !== 'children') passed[key] = value;
  }
  return cloneElement(children, {
    ...nameOrDescription,
    ...passed,
    ...children.props,
    className: clsx(className, children.props.className),
    ref: handleRef,
  } as ChildProps);
});

export default DeferredTooltip;
