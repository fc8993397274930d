// The entry of index.html: a few hundred bytes that let the browser paint
// the boot screen before the app's code runs (docs/decisions/018).
import { bootWhenPainted } from './app/boot';

bootWhenPainted(() => import('./app/launch').then((module) => module.launch()));
