import rule from '../../../rules/openai/valid-json.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, doc, examples, user } from './builders.js';

const good = examples({ messages: [user(), assistant('ok')] }, { messages: [user('b'), assistant('c')] });

runRuleTests(rule, {
  valid: [
    { name: 'a request document', text: doc([user()]) },
    { name: 'fine-tuning lines', text: good },
  ],
  invalid: [
    {
      name: 'a document that is not JSON',
      text: '{\n  "model": "gpt-4.1",\n  "messages": [\n',
      inputFormat: 'openai-chat',
      errors: [{ messageId: 'document', line: 4 }],
      output: null,
    },
    {
      name: 'a torn last example is dropped',
      text: `${good}{"messages": [{"role": "user", "content": "I lost`,
      errors: [{ messageId: 'torn', line: 3 }],
      output: good,
    },
    {
      name: "an example that is a JSON array (the checker's data_type), dropped as an unsafe fix",
      text: examples({ messages: [user(), assistant('ok')] }, [user(), assistant('x')]),
      inputFormat: 'openai-finetune',
      errors: [{ messageId: 'dataType', line: 2 }],
      output: null,
      unsafeOutput: examples({ messages: [user(), assistant('ok')] }),
    },
    {
      name: 'a document without messages',
      text: '{\n  "model": "gpt-4.1",\n  "input": "hi"\n}\n',
      inputFormat: 'openai-chat',
      errors: [{ messageId: 'noMessages', line: 1 }],
      output: null,
    },
    {
      name: 'a line of a JSONL of requests that holds no messages',
      text: examples({ model: 'gpt-4o', messages: [user()] }, { model: 'gpt-4o', prompt: 'x' }),
      errors: [{ messageId: 'lineNoMessages', line: 2 }],
      output: null,
    },
  ],
});
