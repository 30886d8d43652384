// Writes a tiny "keyword NLI" model in the transformers.js folder layout, so tests run the real
// loading and inference path (tokenizer.json, config.json, ONNX through onnxruntime-node) offline.
// No dependency: a minimal protobuf writer emits the ONNX file (onnx.proto field numbers below).
//
// The graph is a bag-of-cue-words classifier that reads BOTH segments separately:
//   features = ReduceMax_seq( word_emb[input_ids] * type_emb[token_type_ids] * attention_mask )
//            = [premise has entail cue, premise has contra cue, claim has entail cue, claim has contra cue]
//   logits   = features @ head + bias
// Entailment needs an entail cue in the premise AND in the claim, so cutting the claim off (the
// tokenizer's naive pair truncation) turns an entailed pair into a neutral one: that is what the
// truncation-guard test relies on. Any contra cue in either segment pushes contradiction.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type LabelScheme = 'lower' | 'upper' | 'binary';

export interface TinyNliOptions {
  /** lower: contradiction/entailment/neutral; upper: ENTAILMENT/NEUTRAL/CONTRADICTION; binary: entailment/not_entailment. */
  labels?: LabelScheme;
  /** tokenizer_config.json model_max_length (small values exercise the truncation guard). */
  modelMaxLength?: number;
}

export const ENTAIL_CUES = ['supports', 'confirms', 'increases', 'reduces', 'improved', 'improves', 'improve', 'effective'];
export const CONTRA_CUES = ['refutes', 'contradicts', 'no', 'not', 'failed', 'never'];
const OTHER_WORDS = [
  'metformin', 'mortality', 'survival', 'patients', 'with', 'diabetes', 'the', 'drug', 'in', 'of', 'a', 'and',
  'aspirin', 'is', 'trial', 'cancer', 'risk', 'did', 'was', 'study', '.', ',',
];
const SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];

type Kind = 'entail' | 'contra' | 'neutral' | 'not_entail';
const SCHEMES: Record<LabelScheme, { name: string; kind: Kind }[]> = {
  lower: [
    { name: 'contradiction', kind: 'contra' },
    { name: 'entailment', kind: 'entail' },
    { name: 'neutral', kind: 'neutral' },
  ],
  upper: [
    { name: 'ENTAILMENT', kind: 'entail' },
    { name: 'NEUTRAL', kind: 'neutral' },
    { name: 'CONTRADICTION', kind: 'contra' },
  ],
  binary: [
    { name: 'entailment', kind: 'entail' },
    { name: 'not_entailment', kind: 'not_entail' },
  ],
};

// Weights on [premise entail, premise contra, claim entail, claim contra] and bias, per label kind.
const HEAD: Record<Kind, { w: [number, number, number, number]; b: number }> = {
  entail: { w: [3, -4, 3, -4], b: -3 },
  contra: { w: [0, 3, 0, 3], b: -1 },
  neutral: { w: [0, 0, 0, 0], b: 1 },
  not_entail: { w: [0, 3, 0, 3], b: 1 },
};

export function tinyVocab(): string[] {
  return [...SPECIALS, ...ENTAIL_CUES, ...CONTRA_CUES, ...OTHER_WORDS];
}

/** Writes the model into `dir` (created) and returns `dir`. */
export function writeTinyNli(dir: string, options: TinyNliOptions = {}): string {
  const labels = SCHEMES[options.labels ?? 'lower'];
  const vocab = tinyVocab();
  mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  const onnx = buildOnnx(vocab, labels.map((l) => l.kind));
  writeFileSync(path.join(dir, 'onnx', 'model.onnx'), onnx);
  writeFileSync(path.join(dir, 'onnx', 'model_quantized.onnx'), onnx);
  const id2label = Object.fromEntries(labels.map((l, i) => [String(i), l.name]));
  const label2id = Object.fromEntries(labels.map((l, i) => [l.name, i]));
  writeJson(path.join(dir, 'config.json'), {
    model_type: 'bert',
    architectures: ['BertForSequenceClassification'],
    id2label,
    label2id,
    vocab_size: vocab.length,
    hidden_size: 4,
    max_position_embeddings: 512,
  });
  writeJson(path.join(dir, 'tokenizer.json'), tokenizerJson(vocab));
  writeJson(path.join(dir, 'tokenizer_config.json'), {
    tokenizer_class: 'BertTokenizer',
    model_max_length: options.modelMaxLength ?? 512,
    do_lower_case: true,
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    mask_token: '[MASK]',
  });
  return dir;
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, JSON.stringify(value, null, 1));
}

function tokenizerJson(vocab: string[]): object {
  const id = (t: string) => vocab.indexOf(t);
  const special = (t: string, typeId: number) => ({ SpecialToken: { id: t, type_id: typeId } });
  const seq = (s: 'A' | 'B', typeId: number) => ({ Sequence: { id: s, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map((t) => ({
      id: id(t), content: t, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true,
    })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]', 0), seq('A', 0), special('[SEP]', 0)],
      pair: [special('[CLS]', 0), seq('A', 0), special('[SEP]', 0), seq('B', 1), special('[SEP]', 1)],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((t) => [t, { id: t, ids: [id(t)], tokens: [t] }]),
      ),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((t, i) => [t, i])),
    },
  };
}

// ---- ONNX graph -------------------------------------------------------------------------------

const FLOAT = 1;
const INT64 = 7;

function buildOnnx(vocab: string[], kinds: Kind[]): Uint8Array {
  const wordEmb = new Float32Array(vocab.length * 4);
  vocab.forEach((t, i) => {
    const entail = ENTAIL_CUES.includes(t) ? 1 : 0;
    const contra = CONTRA_CUES.includes(t) ? 1 : 0;
    wordEmb.set([entail, contra, entail, contra], i * 4);
  });
  // Segment 0 (premise) keeps features 0-1, segment 1 (claim) keeps features 2-3.
  const typeEmb = new Float32Array([1, 1, 0, 0, 0, 0, 1, 1]);
  const head = new Float32Array(4 * kinds.length);
  for (let f = 0; f < 4; f++) kinds.forEach((k, j) => (head[f * kinds.length + j] = HEAD[k].w[f] ?? 0));
  const bias = new Float32Array(kinds.map((k) => HEAD[k].b));

  const graph = msg(
    node('Gather', ['word_emb', 'input_ids'], ['w']),
    node('Gather', ['type_emb', 'token_type_ids'], ['t']),
    node('Mul', ['w', 't'], ['wt']),
    node('Cast', ['attention_mask'], ['mask_f'], [attrInt('to', FLOAT)]),
    node('Unsqueeze', ['mask_f', 'unsqueeze_axes'], ['mask3']),
    node('Mul', ['wt', 'mask3'], ['masked']),
    node('ReduceMax', ['masked'], ['pooled'], [attrInts('axes', [1]), attrInt('keepdims', 0)]),
    node('MatMul', ['pooled', 'head'], ['lin']),
    node('Add', ['lin', 'bias'], ['logits']),
    str(2, 'tiny-keyword-nli'),
    sub(5, tensor('word_emb', [vocab.length, 4], FLOAT, bytesOf(wordEmb))),
    sub(5, tensor('type_emb', [2, 4], FLOAT, bytesOf(typeEmb))),
    sub(5, tensor('head', [4, kinds.length], FLOAT, bytesOf(head))),
    sub(5, tensor('bias', [kinds.length], FLOAT, bytesOf(bias))),
    sub(5, tensor('unsqueeze_axes', [1], INT64, bytesOf(new BigInt64Array([2n])))),
    sub(11, valueInfo('input_ids', INT64, ['batch_size', 'sequence_length'])),
    sub(11, valueInfo('attention_mask', INT64, ['batch_size', 'sequence_length'])),
    sub(11, valueInfo('token_type_ids', INT64, ['batch_size', 'sequence_length'])),
    sub(12, valueInfo('logits', FLOAT, ['batch_size', kinds.length])),
  );
  return msg(
    varintField(1, 8), // ir_version
    str(2, 'biointel-test'), // producer_name
    sub(7, graph),
    sub(8, msg(str(1, ''), varintField(2, 13))), // opset_import: default domain, opset 13
  );
}

// NodeProto: input 1, output 2, name 3, op_type 4, attribute 5.
let nodeCount = 0;
function node(op: string, inputs: string[], outputs: string[], attrs: Uint8Array[] = []): Uint8Array {
  return sub(1, msg(
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, `${op.toLowerCase()}_${nodeCount++}`),
    str(4, op),
    ...attrs.map((a) => sub(5, a)),
  ));
}

// AttributeProto: name 1, i 3, ints 8, type 20 (INT = 2, INTS = 7).
function attrInt(name: string, value: number): Uint8Array {
  return msg(str(1, name), varintField(3, value), varintField(20, 2));
}
function attrInts(name: string, values: number[]): Uint8Array {
  return msg(str(1, name), ...values.map((v) => varintField(8, v)), varintField(20, 7));
}

// TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian).
function tensor(name: string, dims: number[], type: number, raw: Uint8Array): Uint8Array {
  return msg(...dims.map((d) => varintField(1, d)), varintField(2, type), str(8, name), bytesField(9, raw));
}

// ValueInfoProto { name 1, type 2 { tensor_type 1 { elem_type 1, shape 2 { dim 1 { dim_value 1 | dim_param 2 } } } } }
function valueInfo(name: string, elemType: number, dims: (string | number)[]): Uint8Array {
  const shape = msg(...dims.map((d) => sub(1, typeof d === 'number' ? varintField(1, d) : str(2, d))));
  return msg(str(1, name), sub(2, sub(1, msg(varintField(1, elemType), sub(2, shape)))));
}

function bytesOf(view: Float32Array | BigInt64Array): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

// ---- protobuf wire format: varint (type 0) and length-delimited (type 2) fields only -----------

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

function varintField(field: number, value: number): Uint8Array {
  return Uint8Array.from([...varint(field * 8), ...varint(value)]);
}

function bytesField(field: number, data: Uint8Array): Uint8Array {
  return msg(Uint8Array.from([...varint(field * 8 + 2), ...varint(data.length)]), data);
}

function str(field: number, s: string): Uint8Array {
  return bytesField(field, new TextEncoder().encode(s));
}

function sub(field: number, message: Uint8Array): Uint8Array {
  return bytesField(field, message);
}

function msg(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
