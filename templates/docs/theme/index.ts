// The default theme, with what it lacks for this reference: the answer checker and styles for its tree.
import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import ElementChecker from './ElementChecker.vue';
import './custom.css';

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('ElementChecker', ElementChecker);
  },
} satisfies Theme;
