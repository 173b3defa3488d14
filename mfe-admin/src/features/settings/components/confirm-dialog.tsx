/** The shared yes/no dialog before destructive actions. */
export { ConfirmDialog } from '@teamapp/ui';
