/**
 * Writes a tiny transformers.js model folder for tests: an ONNX graph that looks each token up in a small
 * embedding table (masked by attention_mask), a WordPiece tokenizer over a few words, and the config files
 * transformers.js reads. The ONNX protobuf is encoded here by hand: the graph needs only a handful of messages.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Words the tokenizer knows; any other word becomes [UNK]. */
export const TINY_WORDS = [
  'cat',
  'dog',
  'sat',
  'on',
  'the',
  'mat',
  'stock',
  'market',
  'fell',
  'sharply',
  'today',
  'prices',
] as const

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const

export type TinyModel = { dir: string; dimensions: number; vocabulary: string[] }

/** Writes the model into `dir` (created if missing) and returns what a test needs to know about it. */
export async function writeTinyModel(dir: string, dimensions = 8): Promise<TinyModel> {
  const vocabulary = [...SPECIAL, ...TINY_WORDS]
  await mkdir(join(dir, 'onnx'), { recursive: true })
  await writeFile(
    join(dir, 'onnx', 'model.onnx'),
    onnxModel(embeddingTable(vocabulary, dimensions), dimensions),
  )
  await writeFile(join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocabulary)))
  await writeFile(
    join(dir, 'tokenizer_config.json'),
    JSON.stringify({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 64,
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      cls_token: '[CLS]',
      sep_token: '[SEP]',
    }),
  )
  await writeFile(
    join(dir, 'config.json'),
    JSON.stringify({
      architectures: ['BertModel'],
      model_type: 'bert',
      hidden_size: dimensions,
      vocab_size: vocabulary.length,
      max_position_embeddings: 64,
    }),
  )
  return { dir, dimensions, vocabulary }
}

/**
 * One row per token, fixed pseudo-random, so texts sharing words have closer means than texts sharing
 * none. [PAD] gets a zero row, as padding must not count (the graph masks it too).
 */
function embeddingTable(vocabulary: string[], dimensions: number): Float32Array {
  const table = new Float32Array(vocabulary.length * dimensions)
  let seed = 0x2545f491
  const next = (): number => {
    // xorshift32: deterministic, so every run builds the same model.
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) / 0x1_0000_0000 - 0.5
  }
  // Row 0 is [PAD]: left at zero.
  for (let row = 1; row < vocabulary.length; row++) {
    for (let col = 0; col < dimensions; col++) table[row * dimensions + col] = next()
  }
  return table
}

function tokenizerJson(vocabulary: string[]): unknown {
  const vocab = Object.fromEntries(vocabulary.map((token, id) => [token, id]))
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: { type: 'BertProcessing', sep: ['[SEP]', 3], cls: ['[CLS]', 2] },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  }
}

// ONNX enums (onnx.proto): TensorProto.DataType and AttributeProto.AttributeType.
const FLOAT = 1
const INT64 = 7
const ATTRIBUTE_INT = 2

/**
 * last_hidden_state = Gather(embeddings, input_ids) * Unsqueeze(Cast(attention_mask, float), axis 2),
 * shaped [batch, sequence, dimensions].
 */
function onnxModel(table: Float32Array, dimensions: number): Uint8Array {
  const rows = table.length / dimensions
  const axes = new BigInt64Array([2n])
  const graph = [
    field(1, node('Gather', ['embeddings', 'input_ids'], ['gathered'])),
    field(1, node('Cast', ['attention_mask'], ['mask_float'], [intAttribute('to', FLOAT)])),
    field(1, node('Unsqueeze', ['mask_float', 'axes'], ['mask_3d'])),
    field(1, node('Mul', ['gathered', 'mask_3d'], ['last_hidden_state'])),
    field(2, text('tiny_embedding')),
    field(5, tensor('embeddings', FLOAT, [rows, dimensions], new Uint8Array(table.buffer))),
    field(5, tensor('axes', INT64, [1], new Uint8Array(axes.buffer))),
    field(11, valueInfo('input_ids', INT64, ['batch', 'sequence'])),
    field(11, valueInfo('attention_mask', INT64, ['batch', 'sequence'])),
    field(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', dimensions])),
  ]
  return concat([
    varintField(1, 8), // ir_version
    field(2, text('quire-tests')), // producer_name
    field(7, concat(graph)),
    field(8, concat([field(1, text('')), varintField(2, 17)])), // opset_import: default domain, opset 17
  ])
}

function node(
  opType: string,
  inputs: string[],
  outputs: string[],
  attributes: Uint8Array[] = [],
): Uint8Array {
  return concat([
    ...inputs.map((name) => field(1, text(name))),
    ...outputs.map((name) => field(2, text(name))),
    field(3, text(`${opType.toLowerCase()}_node`)),
    field(4, text(opType)),
    ...attributes.map((attribute) => field(5, attribute)),
  ])
}

function intAttribute(name: string, value: number): Uint8Array {
  return concat([field(1, text(name)), varintField(3, value), varintField(20, ATTRIBUTE_INT)])
}

function tensor(name: string, dataType: number, dims: number[], raw: Uint8Array): Uint8Array {
  return concat([
    ...dims.map((dim) => varintField(1, dim)),
    varintField(2, dataType),
    field(8, text(name)),
    field(9, raw),
  ])
}

function valueInfo(name: string, elemType: number, shape: (string | number)[]): Uint8Array {
  const dims = shape.map((dim) =>
    field(1, typeof dim === 'number' ? varintField(1, dim) : field(2, text(dim))),
  )
  const tensorType = concat([varintField(1, elemType), field(2, concat(dims))])
  return concat([field(1, text(name)), field(2, field(1, tensorType))])
}

// Protocol buffers wire format: a key (field number and wire type) then a varint or a length and bytes.

function field(number: number, bytes: Uint8Array): Uint8Array {
  return concat([varint((number << 3) | 2), varint(bytes.length), bytes])
}

function varintField(number: number, value: number): Uint8Array {
  return concat([varint(number << 3), varint(value)])
}

function varint(value: number): Uint8Array {
  const bytes: number[] = []
  let rest = value
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80)
    rest = Math.floor(rest / 0x80)
  }
  bytes.push(rest)
  return Uint8Array.from(bytes)
}

function text(value: string): Uint8Array {
  return new TextEncoder().encode(value)
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
