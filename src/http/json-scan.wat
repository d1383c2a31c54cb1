;; The element scan of json-array.ts (elementBounds) for WebAssembly with SIMD, 64 bytes at a time:
;; the same bounds, several times faster, with no tiers to warm. json-scan-wasm.ts copies a body
;; into this memory, padded with spaces, and reads the bounds back; scripts/wasm.mjs turns this
;; file into json-scan-bytes.ts, and test/unit/json-scan-wasm.test.ts holds the two scans to the
;; same answers. The way backslashes and quotes become a mask of the bytes inside strings is
;; simdjson's (Langdale and Lemire, "Parsing Gigabytes of JSON per Second", 2019, section 3.1.1).
(module
  (memory (export "memory") 1)
  (global $count (export "count") (mut i32) (i32.const 0))
  ;; What split returns when push fails: -1 for an empty element, -3 when the bounds do not fit.
  (global $failure (mut i32) (i32.const -1))
  ;; Where the element being read starts.
  (global $start (mut i32) (i32.const 0))

  (func $isSpace (param $c i32) (result i32)
    (i32.or
      (i32.or (i32.eq (local.get $c) (i32.const 0x20)) (i32.eq (local.get $c) (i32.const 0x0a)))
      (i32.or (i32.eq (local.get $c) (i32.const 0x0d)) (i32.eq (local.get $c) (i32.const 0x09)))))

  ;; Adds the element between start and end without its surrounding whitespace; 0 when it is empty
  ;; or when the bounds would pass `limit`.
  (func $push (param $start i32) (param $end i32) (param $out i32) (param $limit i32) (result i32)
    (local $at i32)
    (block $done (loop $lead
      (br_if $done (i32.ge_u (local.get $start) (local.get $end)))
      (br_if $done (i32.eqz (call $isSpace (i32.load8_u (local.get $start)))))
      (local.set $start (i32.add (local.get $start) (i32.const 1)))
      (br $lead)))
    (block $done (loop $trail
      (br_if $done (i32.le_u (local.get $end) (local.get $start)))
      (br_if $done (i32.eqz (call $isSpace (i32.load8_u (i32.sub (local.get $end) (i32.const 1))))))
      (local.set $end (i32.sub (local.get $end) (i32.const 1)))
      (br $trail)))
    (global.set $failure (i32.const -1))
    (if (i32.eq (local.get $start) (local.get $end)) (then (return (i32.const 0))))
    (local.set $at (i32.add (local.get $out) (i32.shl (global.get $count) (i32.const 3))))
    (global.set $failure (i32.const -3))
    (if (i32.gt_u (i32.add (local.get $at) (i32.const 8)) (local.get $limit)) (then (return (i32.const 0))))
    (i32.store (local.get $at) (local.get $start))
    (i32.store offset=4 (local.get $at) (local.get $end))
    (global.set $count (i32.add (global.get $count) (i32.const 1)))
    (i32.const 1))

  ;; Ends an element at each comma of `commas` (bits of the block at p): 0 when one is empty or
  ;; the bounds do not fit (split returns $failure), else 1.
  (func $commas (param $commas i64) (param $p i32) (param $out i32) (param $limit i32) (result i32)
    (local $pos i32)
    (block $none (loop $each
      (br_if $none (i64.eqz (local.get $commas)))
      (local.set $pos (i32.add (local.get $p) (i32.wrap_i64 (i64.ctz (local.get $commas)))))
      (local.set $commas (i64.and (local.get $commas) (i64.sub (local.get $commas) (i64.const 1))))
      (if (i32.eqz (call $push (global.get $start) (local.get $pos) (local.get $out) (local.get $limit)))
        (then (return (i32.const 0))))
      (global.set $start (i32.add (local.get $pos) (i32.const 1)))
      (br $each)))
    (i32.const 1))

  ;; The scan of json-array.ts's elementBounds over the bytes [from, n), 64 at a time, the body
  ;; padded with spaces to a multiple of 64 past n. Returns where the depth-0 closing bracket or
  ;; brace is, -1 where elementBounds returns -1, -2 where a backslash lies outside a string (not
  ;; JSON: the caller scans that body itself), -3 where the bounds do not fit below `limit`.
  ;; Only brackets and braces are visited one by one; commas only where the depth is 0.
  (func (export "split") (param $n i32) (param $from i32) (param $out i32) (param $limit i32) (result i32)
    (local $p i32) (local $q i64) (local $b i64) (local $k i64) (local $c i64)
    (local $escaped i64) (local $follows i64) (local $odd i64) (local $sum i64)
    (local $prevEscaped i64) (local $inside i64) (local $prevInside i64)
    (local $v v128) (local $t v128) (local $x20 v128) (local $x22 v128) (local $x5c v128) (local $x7b v128) (local $x7d v128) (local $x2c v128)
    (local $bit i64) (local $below i64) (local $span i64) (local $pos i32) (local $ch i32) (local $depth i32)
    (global.set $count (i32.const 0))
    (global.set $start (local.get $from))
    (local.set $x20 (i8x16.splat (i32.const 0x20))) (local.set $x22 (i8x16.splat (i32.const 0x22)))
    (local.set $x5c (i8x16.splat (i32.const 0x5c))) (local.set $x7b (i8x16.splat (i32.const 0x7b)))
    (local.set $x7d (i8x16.splat (i32.const 0x7d))) (local.set $x2c (i8x16.splat (i32.const 0x2c)))
    (local.set $p (local.get $from))
    (block $end (loop $block
      (br_if $end (i32.ge_u (local.get $p) (local.get $n)))
      ;; Four masks of the 64 bytes at p, a bit a byte: quotes, backslashes, brackets and braces
      ;; (c | 0x20 is { or } for [ { and ] } alone), commas.
      (local.set $q (i64.const 0)) (local.set $b (i64.const 0)) (local.set $k (i64.const 0)) (local.set $c (i64.const 0))
      (local.set $v (v128.load offset=0 (local.get $p)))
      (local.set $t (v128.or (local.get $v) (local.get $x20)))
      (local.set $q (i64.or (local.get $q) (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x22))))))
      (local.set $b (i64.or (local.get $b) (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x5c))))))
      (local.set $k (i64.or (local.get $k) (i64.extend_i32_u (i8x16.bitmask (v128.or (i8x16.eq (local.get $t) (local.get $x7b)) (i8x16.eq (local.get $t) (local.get $x7d)))))))
      (local.set $c (i64.or (local.get $c) (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x2c))))))
      (local.set $v (v128.load offset=16 (local.get $p)))
      (local.set $t (v128.or (local.get $v) (local.get $x20)))
      (local.set $q (i64.or (local.get $q) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x22)))) (i64.const 16))))
      (local.set $b (i64.or (local.get $b) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x5c)))) (i64.const 16))))
      (local.set $k (i64.or (local.get $k) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (i8x16.eq (local.get $t) (local.get $x7b)) (i8x16.eq (local.get $t) (local.get $x7d))))) (i64.const 16))))
      (local.set $c (i64.or (local.get $c) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x2c)))) (i64.const 16))))
      (local.set $v (v128.load offset=32 (local.get $p)))
      (local.set $t (v128.or (local.get $v) (local.get $x20)))
      (local.set $q (i64.or (local.get $q) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x22)))) (i64.const 32))))
      (local.set $b (i64.or (local.get $b) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x5c)))) (i64.const 32))))
      (local.set $k (i64.or (local.get $k) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (i8x16.eq (local.get $t) (local.get $x7b)) (i8x16.eq (local.get $t) (local.get $x7d))))) (i64.const 32))))
      (local.set $c (i64.or (local.get $c) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x2c)))) (i64.const 32))))
      (local.set $v (v128.load offset=48 (local.get $p)))
      (local.set $t (v128.or (local.get $v) (local.get $x20)))
      (local.set $q (i64.or (local.get $q) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x22)))) (i64.const 48))))
      (local.set $b (i64.or (local.get $b) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x5c)))) (i64.const 48))))
      (local.set $k (i64.or (local.get $k) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (i8x16.eq (local.get $t) (local.get $x7b)) (i8x16.eq (local.get $t) (local.get $x7d))))) (i64.const 48))))
      (local.set $c (i64.or (local.get $c) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $x2c)))) (i64.const 48))))
      ;; Escaped characters, as simdjson finds them: a backslash escapes the next byte, and runs of
      ;; backslashes pair up, across blocks too (prevEscaped).
      (local.set $b (i64.and (local.get $b) (i64.xor (local.get $prevEscaped) (i64.const -1))))
      (local.set $follows (i64.or (i64.shl (local.get $b) (i64.const 1)) (local.get $prevEscaped)))
      (local.set $odd (i64.and (i64.and (local.get $b) (i64.const 0xAAAAAAAAAAAAAAAA))
        (i64.xor (local.get $follows) (i64.const -1))))
      (local.set $sum (i64.add (local.get $odd) (local.get $b)))
      (local.set $prevEscaped (i64.extend_i32_u (i64.lt_u (local.get $sum) (local.get $odd))))
      (local.set $escaped (i64.and
        (i64.xor (i64.const 0x5555555555555555) (i64.shl (local.get $sum) (i64.const 1)))
        (local.get $follows)))
      ;; Inside strings: a prefix xor of the unescaped quotes, carried from the block before.
      (local.set $inside (i64.and (local.get $q) (i64.xor (local.get $escaped) (i64.const -1))))
      (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 1))))
      (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 2))))
      (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 4))))
      (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 8))))
      (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 16))))
      (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 32))))
      (local.set $inside (i64.xor (local.get $inside) (local.get $prevInside)))
      (local.set $prevInside (i64.shr_s (local.get $inside) (i64.const 63)))
      ;; A backslash outside a string: not JSON, and the two scans would part.
      (if (i64.ne (i64.and (local.get $b) (i64.xor (local.get $inside) (i64.const -1))) (i64.const 0))
        (then (return (i32.const -2))))
      (local.set $k (i64.and (local.get $k) (i64.xor (local.get $inside) (i64.const -1))))
      (local.set $c (i64.and (local.get $c) (i64.xor (local.get $inside) (i64.const -1))))
      ;; span: the bits of the block from where depth last became 0 (all of them if it was 0 at its start).
      (local.set $span (select (i64.const -1) (i64.const 0) (i32.eqz (local.get $depth))))
      (block $bits (loop $each
        (br_if $bits (i64.eqz (local.get $k)))
        (local.set $bit (i64.and (local.get $k) (i64.sub (i64.const 0) (local.get $k))))
        (local.set $k (i64.xor (local.get $k) (local.get $bit)))
        (local.set $pos (i32.add (local.get $p) (i32.wrap_i64 (i64.ctz (local.get $bit)))))
        (local.set $ch (i32.load8_u (local.get $pos)))
        (if (i32.eqz (local.get $depth))
          (then
            ;; The commas of depth 0 before this bracket end elements.
            (local.set $below (i64.sub (local.get $bit) (i64.const 1)))
            (if (i32.eqz (call $commas (i64.and (i64.and (local.get $c) (local.get $span)) (local.get $below))
                           (local.get $p) (local.get $out) (local.get $limit)))
              (then (return (global.get $failure))))
            (if (i32.ne (i32.or (local.get $ch) (i32.const 0x20)) (i32.const 0x7b))
              (then
                ;; The end of the array (or a brace the caller refuses): its last element ends here.
                (if (i32.eqz (call $push (global.get $start) (local.get $pos) (local.get $out) (local.get $limit)))
                  (then (return (global.get $failure))))
                (return (local.get $pos))))
            (local.set $depth (i32.const 1))
            (br $each)))
        (if (i32.eq (i32.or (local.get $ch) (i32.const 0x20)) (i32.const 0x7b))
          (then (local.set $depth (i32.add (local.get $depth) (i32.const 1))))
          (else
            (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
            ;; Back at depth 0: commas from here on count.
            (if (i32.eqz (local.get $depth))
              (then (local.set $span (i64.xor (i64.sub (i64.shl (local.get $bit) (i64.const 1)) (i64.const 1)) (i64.const -1)))))))
        (br $each)))
      (if (i32.eqz (local.get $depth))
        (then
          (if (i32.eqz (call $commas (i64.and (local.get $c) (local.get $span))
                         (local.get $p) (local.get $out) (local.get $limit)))
            (then (return (global.get $failure))))))
      (local.set $p (i32.add (local.get $p) (i32.const 64)))
      (br $block)))
    (i32.const -1))
)
