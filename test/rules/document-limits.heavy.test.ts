// document-limits on a PDF over the API's 32 MB request limit: the rule tester fixes and re-lints a 33 MB session
// several times, which took over 30 s on a loaded 2-core machine, so it runs in the heavy tier.
import rule from '../../rules/document-limits.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { inPrompt, pdfDoc, prompt } from './document-limits-shapes.js';

const huge = prompt([pdfDoc(`JVBERi0xLjQK${'A'.repeat(33 * 1024 * 1024)}`)]);

runRuleTests(rule, {
  valid: [],
  invalid: [
    {
      name: 'a PDF over 32 MB of base64',
      text: huge,
      errors: [{ messageId: 'tooLarge', line: 1, blockIndex: 0, messageIncludes: '33MB' }],
      output: inPrompt(huge, "a PDF document of 33MB (base64) that is over the API's 32 MB request limit"),
    },
  ],
});
