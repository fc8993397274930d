/**
 * Height of a tab, the "More" button and its menu items: 44 px, the tap
 * target of Apple's and Material's guidance (WCAG 2.2 SC 2.5.8 asks 24 px at
 * least; docs/decisions/021).
 */
export const TAP_TARGET_PX = 44;
