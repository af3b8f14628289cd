/** The login screen's one link style: a button (it changes the step, it goes nowhere) that reads as a link. */
import { Button, type ButtonProps } from '@chakra-ui/react';

export const LINK_BUTTON_STYLE = {
  variant: 'plain',
  size: 'sm',
  px: '0',
  colorPalette: 'brand',
  color: 'brand.fg',
  textDecoration: 'underline',
} as const satisfies ButtonProps;

export function LinkButton(props: Omit<ButtonProps, keyof typeof LINK_BUTTON_STYLE>) {
  return <Button {...LINK_BUTTON_STYLE} {...props} />;
}
