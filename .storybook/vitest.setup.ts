// Runs before every story test: applies the a11y addon's annotations (axe after each play
// function) and our preview (theme CSS, a11y: 'error') to the stories under test.
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import * as projectAnnotations from './preview';

setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);
