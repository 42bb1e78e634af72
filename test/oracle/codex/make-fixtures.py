#!/usr/bin/env python3
"""Writes fixtures/rules/codex/<rule>/{valid,invalid}-<case>.jsonl from the real Codex CLI 0.169.0 recordings of
research/codex: each fixture is one recording (recordings/<name>) or one defect case (defects/<case>: a recording with
one mutation), cut down: strings over 300 characters keep their first 120 and a "…[cut]" mark, so a fixture stays
readable while every record keeps its shape (lines that do not parse keep their bytes). Re-run after the research
changes, then `npx vitest run test/rule-fixtures.test.ts -u` and read the diff.
usage: make-fixtures.py [RESEARCH] [REPO]"""
import gzip, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = sys.argv[2] if len(sys.argv) > 2 else os.path.abspath(os.path.join(HERE, '..', '..', '..'))
RESEARCH = sys.argv[1] if len(sys.argv) > 1 else os.path.abspath(os.path.join(REPO, '..', 'research', 'codex'))
OUT = os.path.join(REPO, 'fixtures', 'rules', 'codex')
CORPUS_OLD = os.path.join(REPO, '..', 'shared', 'corpus', 'claude-code-log', 'test', 'test_data', 'codex', 'sessions',
                          'rollout-44444444-4444-4444-8444-444444444444.jsonl')

# rule -> [(fixture name, source, options)]; a source is a defect case, recordings/<name>, or a path.
FIXTURES = {
    'valid-jsonl': [
        ('valid-shell', 'recordings/shell', None), ('valid-crlf-line-ends', 'crlf_line_ends', None),
        ('valid-no-trailing-newline', 'no_trailing_newline', None), ('invalid-bom-start', 'bom_start', None),
        ('invalid-torn-last-line', 'torn_last_line', None), ('invalid-torn-last-line-utf8', 'torn_last_line_utf8', None),
        ('invalid-garbage-first-line', 'garbage_first_line', None), ('invalid-garbage-mid-event', 'garbage_mid_event', None),
        ('invalid-garbage-mid-output', 'garbage_mid_output', None), ('invalid-nul-in-output-line', 'nul_in_output_line', None),
        ('invalid-nul-line-mid', 'nul_line_mid', None), ('invalid-nul-padding-tail', 'nul_padding_tail', None),
        ('invalid-interleaved-write', 'interleaved_write', None), ('invalid-record-not-object', 'record_not_object', None),
        ('invalid-utf8-in-output', 'invalid_utf8_in_output', None),
    ],
    'session-meta': [
        ('valid-shell', 'recordings/shell', None), ('valid-legacy-no-ordinals', 'legacy_no_ordinals', None),
        ('invalid-missing', 'session_meta_missing', None), ('invalid-not-first', 'session_meta_not_first', None),
        ('invalid-after-item', 'session_meta_after_item', None), ('invalid-bad-shape', 'session_meta_bad_shape', None),
        ('invalid-no-cwd', 'session_meta_no_cwd', None), ('invalid-second', 'session_meta_second', None),
        ('invalid-concat-two-rollouts', 'concat_two_rollouts', None), ('invalid-old-format', CORPUS_OLD, None),
    ],
    'ordinal-sequence': [
        ('valid-shell', 'recordings/shell', None), ('valid-legacy-no-ordinals', 'legacy_no_ordinals', None),
        ('invalid-missing-field', 'ordinal_missing_field', None), ('invalid-all-missing', 'ordinals_all_missing', None),
        ('invalid-gap', 'ordinal_gap', None), ('invalid-duplicate', 'ordinal_duplicate', None),
        ('invalid-swapped', 'ordinal_swapped', None), ('invalid-jump', 'ordinal_jump', None),
        ('invalid-missing-mid', 'ordinal_missing_mid', None), ('invalid-not-integer', 'ordinal_not_integer', None),
        ('invalid-not-integer-last', 'ordinal_not_integer_last', None),
    ],
    'call-has-output': [
        ('valid-parallel', 'recordings/parallel', None), ('valid-interrupt', 'recordings/interrupt', None),
        ('invalid-orphan-call-mid', 'orphan_call_mid', None), ('invalid-orphan-call-tail', 'orphan_call_tail', None),
        ('invalid-orphan-call-tail-api', 'orphan_call_tail', {'target': 'openai-responses'}),
        ('invalid-orphan-call-parallel', 'orphan_call_parallel', None), ('invalid-orphan-custom-call', 'orphan_custom_call', None),
        ('invalid-localshell-recording', 'recordings/localshell', None),
        ('invalid-compacted-orphan-call', 'compacted_orphan_call', None), ('invalid-torn-tail-output', 'torn_tail_output', None),
    ],
    'output-has-call': [
        ('valid-shell', 'recordings/shell', None), ('invalid-orphan-output', 'orphan_output', None),
        ('invalid-orphan-output-api', 'orphan_output', {'target': 'openai-responses'}),
        ('invalid-orphan-custom-output', 'orphan_custom_output', None), ('invalid-orphan-output-badid', 'orphan_output_badid', None),
        ('invalid-output-before-call', 'output_before_call', None), ('invalid-output-missing-call-id', 'output_missing_call_id', None),
    ],
    'unique-call-id': [
        ('valid-parallel', 'recordings/parallel', None), ('valid-multi', 'recordings/multi', None),
        ('invalid-duplicate-line-call', 'duplicate_line_call', None), ('invalid-duplicate-line-output', 'duplicate_line_output', None),
        ('invalid-duplicate-line-message', 'duplicate_line_message', None), ('invalid-duplicate-turn', 'duplicate_turn', None),
        ('invalid-dup-call-id-same-response', 'dup_call_id_same_response', None),
        ('invalid-dup-call-id-across-turns', 'dup_call_id_across_turns', None), ('invalid-call-id-too-long', 'call_id_too_long', None),
    ],
    'function-name': [
        ('valid-name-unknown-tool', 'name_unknown_tool', None), ('invalid-name-nul-bytes', 'name_nul_bytes', None),
        ('invalid-name-control-bytes', 'name_control_bytes', None), ('invalid-name-pattern', 'name_pattern', None),
        ('invalid-name-too-long', 'name_too_long', None), ('invalid-name-empty', 'name_empty', None),
        ('invalid-name-missing', 'probe_call_missing_name', None),
    ],
    'arguments-json': [
        ('valid-shell', 'recordings/shell', None), ('valid-patch', 'recordings/patch', None),
        ('invalid-arguments-object', 'arguments_object', None), ('invalid-custom-input-object', 'custom_input_object', None),
        ('invalid-arguments-not-json', 'arguments_not_json', None), ('invalid-arguments-empty', 'arguments_empty', None),
    ],
    'reasoning-shape': [
        ('valid-think', 'recordings/think', None), ('valid-text-content', 'reasoning_foreign_text_content', None),
        ('valid-no-encrypted', 'reasoning_no_encrypted', None), ('invalid-foreign-content', 'reasoning_foreign_content', None),
        ('invalid-missing-summary', 'reasoning_missing_summary', None), ('invalid-summary-type', 'probe_summary_type', None),
        ('invalid-content-type', 'probe_reasoning_content_type', None),
    ],
    'record-size': [
        ('valid-image', 'recordings/image', None), ('invalid-image-bad-data', 'image_bad_data', None),
        ('invalid-image-bad-data-api', 'image_bad_data', {'target': 'openai-responses'}),
    ],
    'unknown-record': [
        ('valid-extra-unknown-fields', 'extra_unknown_fields', None), ('valid-output-as-content-array', 'output_as_content_array', None),
        ('valid-websearch', 'recordings/websearch', None), ('valid-toolsearch', 'recordings/toolsearch', None),
        ('invalid-unknown-record-type', 'unknown_record_type', None), ('invalid-unknown-item-type', 'unknown_item_type', None),
        ('invalid-no-payload', 'record_no_payload', None), ('invalid-bad-metadata', 'response_item_bad_metadata', None),
        ('invalid-output-object', 'output_object', None), ('invalid-refusal-part', 'message_unknown_content_type', None),
        ('invalid-role-tool', 'message_unknown_role', None), ('invalid-no-timestamp', 'probe_record_no_timestamp', None),
        ('invalid-local-shell-status', 'probe_local_shell_status', None), ('invalid-no-content', 'probe_message_missing_content', None),
    ],
    'compaction': [
        ('valid-compact', 'recordings/compact', None), ('valid-legacy-no-replacement-history', 'compacted_legacy_no_rh', None),
        ('invalid-compacted-deleted', 'compacted_deleted', None), ('invalid-compacted-torn', 'compacted_torn', None),
        ('invalid-metadata-mismatch', 'compacted_metadata_mismatch', None), ('invalid-empty-replacement-history', 'compacted_empty_rh', None),
    ],
    'turn-context': [
        ('valid-multi', 'recordings/multi', None), ('valid-last-turn-without-one', 'turn_context_missing_last', None),
        ('invalid-turn-context-missing', 'turn_context_missing', None), ('invalid-world-state-missing', 'world_state_missing', None),
        ('invalid-initial-context-missing', 'initial_context_missing', None), ('invalid-turn-context-bad', 'probe_turn_context_bad', None),
    ],
}


def source_bytes(src):
    if os.path.isabs(src):
        return open(src, 'rb').read()
    d = os.path.join(RESEARCH, src) if src.startswith('recordings/') else os.path.join(RESEARCH, 'defects', src)
    f = os.path.join(d, 'rollout.jsonl')
    return open(f, 'rb').read() if os.path.exists(f) else gzip.open(f + '.gz').read()


def cut(v):
    if isinstance(v, str):
        return v if len(v) <= 300 else v[:120] + '…[cut]'
    if isinstance(v, list):
        return [cut(x) for x in v]
    if isinstance(v, dict):
        return {k: cut(x) for k, x in v.items()}
    return v


def shorten(data):
    out = []
    for line in data.split(b'\n'):
        body, cr = (line[:-1], b'\r') if line.endswith(b'\r') else (line, b'')
        try:
            v = json.loads(body.decode('utf-8'))
            ok = isinstance(v, dict) and b'\x00' not in body
        except Exception:
            ok = False
        if ok and body.startswith(b'{'):
            new = json.dumps(cut(v), separators=(',', ':'), ensure_ascii=False).encode()
            out.append((new if json.loads(new) != v else body) + cr)
        else:
            out.append(line)
    return b'\n'.join(out)


def main():
    for rule, items in FIXTURES.items():
        d = os.path.join(OUT, rule)
        os.makedirs(d, exist_ok=True)
        for name, src, options in items:
            open(os.path.join(d, name + '.jsonl'), 'wb').write(shorten(source_bytes(src)))
            if options:
                json.dump(options, open(os.path.join(d, name + '.jsonl.options.json'), 'w'))
            print(f'{rule}/{name}.jsonl <- {src if not os.path.isabs(src) else os.path.basename(src)}')


if __name__ == '__main__':
    main()
