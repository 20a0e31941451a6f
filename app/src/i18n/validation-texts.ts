// The English validation messages, added for every translator when a module that shows them is
// loaded: each form, dialog or field that translates a validation key imports this module
// (tests/unit/locales.test.ts checks that they all do), so the texts are there before its first
// render, and out of the first bundle until then (load-locale.ts, LATE_TEXT_GROUPS).

import validation from '../../../locales/en.json?screen=validation';
import { addEnglishTexts } from './translator';

addEnglishTexts({ validation });
