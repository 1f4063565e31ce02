#!/usr/bin/env python3
"""Generates suite.json: JSON parser conformance cases for tw::json (core/json/json.h).

Case names follow nst/JSONTestSuite ("Parsing JSON is a Minefield"), written from memory -- the
repository is NOT vendored, so byte contents are best-effort reproductions. Prefixes:
  y_  must accept            n_  must reject
  i_  implementation-defined; `expect` records our contract's choice and `note` says why
  x_y_ / x_n_  our own extra cases (accept / reject)

Our contract (json.h): strict RFC 8259; UTF-8 only (UTF-16/32 rejected, with or without BOM); one
leading UTF-8 BOM is skipped; invalid UTF-8 anywhere is rejected; lone/inverted surrogate escapes
are rejected, valid pairs and \\u0000 accepted; number text is kept verbatim, so huge exponents and
big integers are accepted; nesting > 512 rejected, exactly 512 accepted; duplicate keys accepted;
top-level scalars accepted; trailing whitespace accepted, anything else after the value rejected.

Run:  python3 make_suite.py        (writes suite.json next to this script, prints counts)
Checks performed before writing:
  * every case's expectation agrees with `contract_accepts`, a small reference parser of the
    contract above;
  * every y_/x_y_ case is accepted by Python's json.loads on the UTF-8-decoded text (BOM cases are
    decoded with utf-8-sig); n_ cases that Python accepts are listed for information only.
"""

import json
import os
import sys

BOM = b"\xef\xbb\xbf"
MAX_DEPTH = 512

# ---------------------------------------------------------------------------------------------
# y_ : must accept
# ---------------------------------------------------------------------------------------------
Y = [
    ("y_array_arraysWithSpaces", b"[[]   ]"),
    ("y_array_empty-string", b'[""]'),
    ("y_array_empty", b"[]"),
    ("y_array_ending_with_newline", b'["a"]'),
    ("y_array_false", b"[false]"),
    ("y_array_heterogeneous", b'[null, 1, "1", {}]'),
    ("y_array_null", b"[null]"),
    ("y_array_with_1_and_newline", b"[1\n]"),
    ("y_array_with_leading_space", b" [1]"),
    ("y_array_with_several_null", b"[1,null,null,null,2]"),
    ("y_array_with_trailing_space", b"[2] "),
    ("y_number", b"[123e65]"),
    ("y_number_0e+1", b"[0e+1]"),
    ("y_number_0e1", b"[0e1]"),
    ("y_number_after_space", b"[ 4]"),
    ("y_number_double_close_to_zero", b"[-0." + b"0" * 77 + b"1]"),
    ("y_number_int_with_exp", b"[20e1]"),
    ("y_number_minus_zero", b"[-0]"),
    ("y_number_negative_int", b"[-123]"),
    ("y_number_negative_one", b"[-1]"),
    ("y_number_negative_zero", b"[-0]"),
    ("y_number_real_capital_e", b"[1E22]"),
    ("y_number_real_capital_e_neg_exp", b"[1E-2]"),
    ("y_number_real_capital_e_pos_exp", b"[1E+2]"),
    ("y_number_real_exponent", b"[123e45]"),
    ("y_number_real_fraction_exponent", b"[123.456e78]"),
    ("y_number_real_neg_exp", b"[1e-2]"),
    ("y_number_real_pos_exponent", b"[1e+2]"),
    ("y_number_simple_int", b"[123]"),
    ("y_number_simple_real", b"[123.456789]"),
    ("y_object", b'{"asd":"sdf", "dfg":"fgh"}'),
    ("y_object_basic", b'{"asd":"sdf"}'),
    ("y_object_duplicated_key", b'{"a":"b","a":"c"}'),
    ("y_object_duplicated_key_and_value", b'{"a":"b","a":"b"}'),
    ("y_object_empty", b"{}"),
    ("y_object_empty_key", b'{"":0}'),
    ("y_object_escaped_null_in_key", b'{"foo\\u0000bar": 42}'),
    ("y_object_extreme_numbers", b'{ "min": -1.0e+28, "max": 1.0e+28 }'),
    ("y_object_long_strings",
     b'{"x":[{"id": "' + b"x" * 40 + b'"}], "id": "' + b"x" * 40 + b'"}'),
    ("y_object_simple", b'{"a":[]}'),
    ("y_object_string_unicode",
     b'{"title":"\\u041f\\u043e\\u043b\\u0442\\u043e\\u0440\\u0430 '
     b'\\u0417\\u0435\\u043c\\u043b\\u0435\\u043a\\u043e\\u043f\\u0430" }'),
    ("y_object_with_newlines", b'{\n"a": "b"\n}'),
    ("y_string_1_2_3_bytes_UTF-8_sequences", b'["\\u0060\\u012a\\u12AB"]'),
    ("y_string_accepted_surrogate_pair", b'["\\uD801\\udc37"]'),
    ("y_string_accepted_surrogate_pairs", b'["\\ud83d\\ude39\\ud83d\\udc8d"]'),
    ("y_string_allowed_escapes", b'["\\"\\\\\\/\\b\\f\\n\\r\\t"]'),
    ("y_string_backslash_and_u_escaped_zero", b'["\\\\u0000"]'),
    ("y_string_backslash_doublequotes", b'["\\""]'),
    ("y_string_comments", b'["a/*b*/c/*d//e"]'),
    ("y_string_double_escape_a", b'["\\\\a"]'),
    ("y_string_double_escape_n", b'["\\\\n"]'),
    ("y_string_escaped_control_character", b'["\\u0012"]'),
    ("y_string_escaped_noncharacter", b'["\\uFFFF"]'),
    ("y_string_in_array", b'["asd"]'),
    ("y_string_in_array_with_leading_space", b'[ "asd"]'),
    ("y_string_last_surrogates_1_and_2", b'["\\uDBFF\\uDFFF"]'),
    ("y_string_nbsp_uescaped", b'["new\\u00A0line"]'),
    ("y_string_nonCharacterInUTF-8_U+10FFFF", b'["\xf4\x8f\xbf\xbf"]'),
    ("y_string_nonCharacterInUTF-8_U+FFFF", b'["\xef\xbf\xbf"]'),
    ("y_string_null_escape", b'["\\u0000"]'),
    ("y_string_one-byte-utf-8", b'["\\u002c"]'),
    ("y_string_pi", b'["\xcf\x80"]'),
    ("y_string_reservedCharacterInUTF-8_U+1BFFF", b'["\xf0\x9b\xbf\xbf"]'),
    ("y_string_simple_ascii", b'["asd "]'),
    ("y_string_space", b'" "'),
    ("y_string_surrogates_U+1D11E_MUSICAL_SYMBOL_G_CLEF", b'["\\uD834\\uDd1e"]'),
    ("y_string_three-byte-utf-8", b'["\\u0821"]'),
    ("y_string_two-byte-utf-8", b'["\\u0123"]'),
    ("y_string_u+2028_line_sep", b'["\xe2\x80\xa8"]'),
    ("y_string_u+2029_par_sep", b'["\xe2\x80\xa9"]'),
    ("y_string_uEscape", b'["\\u0061\\u30af\\u30EA\\u30b9"]'),
    ("y_string_uescaped_newline", b'["new\\u000Aline"]'),
    ("y_string_unescaped_char_delete", b'["\x7f"]'),
    ("y_string_unicode", b'["\\uA66D"]'),
    ("y_string_unicodeEscapedBackslash", b'["\\u005C"]'),
    ("y_string_unicode_2", b'["\xe2\x8d\x82\xe3\x88\xb4\xe2\x8d\x82"]'),
    ("y_string_unicode_U+10FFFE_nonchar", b'["\\uDBFF\\uDFFE"]'),
    ("y_string_unicode_U+1FFFE_nonchar", b'["\\uD83F\\uDFFE"]'),
    ("y_string_unicode_U+200B_ZERO_WIDTH_SPACE", b'["\\u200B"]'),
    ("y_string_unicode_U+2064_invisible_plus", b'["\\u2064"]'),
    ("y_string_unicode_U+FDD0_nonchar", b'["\\uFDD0"]'),
    ("y_string_unicode_U+FFFE_nonchar", b'["\\uFFFE"]'),
    ("y_string_unicode_escaped_double_quote", b'["\\u0022"]'),
    ("y_string_utf8", b'["\xe2\x82\xac\xf0\x9d\x84\x9e"]'),
    ("y_string_with_del_character", b'["a\x7fa"]'),
    ("y_structure_lonely_false", b"false"),
    ("y_structure_lonely_int", b"42"),
    ("y_structure_lonely_negative_real", b"-0.1"),
    ("y_structure_lonely_null", b"null"),
    ("y_structure_lonely_string", b'"asd"'),
    ("y_structure_lonely_true", b"true"),
    ("y_structure_string_empty", b'""'),
    ("y_structure_trailing_newline", b'["a"]\n'),
    ("y_structure_true_in_array", b"[true]"),
    ("y_structure_whitespace_array", b" [] "),
]

# ---------------------------------------------------------------------------------------------
# n_ : must reject
# ---------------------------------------------------------------------------------------------
N = [
    ("n_array_1_true_without_comma", b"[1 true]"),
    ("n_array_a_invalid_utf8", b"[a\xe5]"),
    ("n_array_colon_instead_of_comma", b'["": 1]'),
    ("n_array_comma_after_close", b'[""],'),
    ("n_array_comma_and_number", b"[,1]"),
    ("n_array_double_comma", b"[1,,2]"),
    ("n_array_double_extra_comma", b'["x",,]'),
    ("n_array_extra_close", b'["x"]]'),
    ("n_array_extra_comma", b'["",]'),
    ("n_array_incomplete", b'["x"'),
    ("n_array_incomplete_invalid_value", b"[x"),
    ("n_array_inner_array_no_comma", b"[3[4]]"),
    ("n_array_invalid_utf8", b"[\xff]"),
    ("n_array_items_separated_by_semicolon", b"[1:2]"),
    ("n_array_just_comma", b"[,]"),
    ("n_array_just_minus", b"[-]"),
    ("n_array_missing_value", b'[   , ""]'),
    ("n_array_newlines_unclosed", b'["a",\n4\n,1,'),
    ("n_array_number_and_comma", b"[1,]"),
    ("n_array_number_and_several_commas", b"[1,,]"),
    ("n_array_spaces_vertical_tab_formfeed", b'["\x0ba"\\f]'),
    ("n_array_star_inside", b"[*]"),
    ("n_array_unclosed", b'[""'),
    ("n_array_unclosed_trailing_comma", b"[1,"),
    ("n_array_unclosed_with_new_lines", b"[1,\n1\n,1"),
    ("n_array_unclosed_with_object_inside", b"[{}"),
    ("n_incomplete_false", b"[fals]"),
    ("n_incomplete_null", b"[nul]"),
    ("n_incomplete_true", b"[tru]"),
    ("n_multidigit_number_then_00", b"123\x00"),
    ("n_number_++", b"[++1234]"),
    ("n_number_+1", b"[+1]"),
    ("n_number_+Inf", b"[+Inf]"),
    ("n_number_-01", b"[-01]"),
    ("n_number_-1.0.", b"[-1.0.]"),
    ("n_number_-2.", b"[-2.]"),
    ("n_number_-NaN", b"[-NaN]"),
    ("n_number_.-1", b"[.-1]"),
    ("n_number_.2e-3", b"[.2e-3]"),
    ("n_number_0.1.2", b"[0.1.2]"),
    ("n_number_0.3e+", b"[0.3e+]"),
    ("n_number_0.3e", b"[0.3e]"),
    ("n_number_0.e1", b"[0.e1]"),
    ("n_number_0_capital_E+", b"[0E+]"),
    ("n_number_0_capital_E", b"[0E]"),
    ("n_number_0e+", b"[0e+]"),
    ("n_number_0e", b"[0e]"),
    ("n_number_1.0e+", b"[1.0e+]"),
    ("n_number_1.0e-", b"[1.0e-]"),
    ("n_number_1.0e", b"[1.0e]"),
    ("n_number_1_000", b"[1 000.0]"),
    ("n_number_1eE2", b"[1eE2]"),
    ("n_number_2.e+3", b"[2.e+3]"),
    ("n_number_2.e-3", b"[2.e-3]"),
    ("n_number_2.e3", b"[2.e3]"),
    ("n_number_9.e+", b"[9.e+]"),
    ("n_number_Inf", b"[Inf]"),
    ("n_number_NaN", b"[NaN]"),
    ("n_number_U+FF11_fullwidth_digit_one", b"[\xef\xbc\x91]"),
    ("n_number_expression", b"[1+2]"),
    ("n_number_hex_1_digit", b"[0x1]"),
    ("n_number_hex_2_digits", b"[0x42]"),
    ("n_number_infinity", b"[Infinity]"),
    ("n_number_invalid+-", b"[0e+-1]"),
    ("n_number_invalid-negative-real", b"[-123.123foo]"),
    ("n_number_invalid-utf-8-in-bigger-int", b"[123\xe5]"),
    ("n_number_invalid-utf-8-in-exponent", b"[1e1\xe5]"),
    ("n_number_invalid-utf-8-in-int", b"[0\xe5]"),
    ("n_number_minus_infinity", b"[-Infinity]"),
    ("n_number_minus_sign_with_trailing_garbage", b"[-foo]"),
    ("n_number_minus_space_1", b"[- 1]"),
    ("n_number_neg_int_starting_with_zero", b"[-012]"),
    ("n_number_neg_real_without_int_part", b"[-.123]"),
    ("n_number_neg_with_garbage_at_end", b"[-1x]"),
    ("n_number_real_garbage_after_e", b"[1ea]"),
    ("n_number_real_with_invalid_utf8_after_e", b"[1e\xe5]"),
    ("n_number_real_without_fractional_part", b"[1.]"),
    ("n_number_starting_with_dot", b"[.123]"),
    ("n_number_with_alpha", b"[1.2a-3]"),
    ("n_number_with_alpha_char", b"[1.8011670033376514H-308]"),
    ("n_number_with_leading_zero", b"[012]"),
    ("n_object_bad_value", b'["x", truth]'),
    ("n_object_bracket_key", b'{[: "x"}'),
    ("n_object_comma_instead_of_colon", b'{"x", null}'),
    ("n_object_double_colon", b'{"x"::"b"}'),
    ("n_object_emoji", b"{\xf0\x9f\x87\xa8\xf0\x9f\x87\xad}"),
    ("n_object_garbage_at_end", b'{"a":"a" 123}'),
    ("n_object_key_with_single_quotes", b"{key: 'value'}"),
    ("n_object_lone_continuation_byte_in_key_and_trailing_comma", b'{"\xb9":"0",}'),
    ("n_object_missing_colon", b'{"a" b}'),
    ("n_object_missing_key", b'{:"b"}'),
    ("n_object_missing_semicolon", b'{"a" "b"}'),
    ("n_object_missing_value", b'{"a":'),
    ("n_object_no-colon", b'{"a"'),
    ("n_object_non_string_key", b"{1:1}"),
    ("n_object_non_string_key_but_huge_number_instead", b"{9999E9999:1}"),
    ("n_object_repeated_null_null", b"{null:null,null:null}"),
    ("n_object_several_trailing_commas", b'{"id":0,,,,,}'),
    ("n_object_single_quote", b"{'a':0}"),
    ("n_object_trailing_comma", b'{"id":0,}'),
    ("n_object_trailing_comment", b'{"a":"b"}/**/'),
    ("n_object_trailing_comment_open", b'{"a":"b"}/**//'),
    ("n_object_trailing_comment_slash_open", b'{"a":"b"}//'),
    ("n_object_trailing_comment_slash_open_incomplete", b'{"a":"b"}/'),
    ("n_object_two_commas_in_a_row", b'{"a":"b",,"c":"d"}'),
    ("n_object_unquoted_key", b'{a: "b"}'),
    ("n_object_unterminated-value", b'{"a":"a'),
    ("n_object_with_single_string", b'{ "foo" : "bar", "a" }'),
    ("n_object_with_trailing_garbage", b'{"a":"b"}#'),
    ("n_single_space", b" "),
    ("n_string_1_surrogate_then_escape", b'["\\uD800\\"]'),
    ("n_string_1_surrogate_then_escape_u", b'["\\uD800\\u"]'),
    ("n_string_1_surrogate_then_escape_u1", b'["\\uD800\\u1"]'),
    ("n_string_1_surrogate_then_escape_u1x", b'["\\uD800\\u1x"]'),
    ("n_string_accentuated_char_no_quotes", b"[\xc3\xa9]"),
    ("n_string_backslash_00", b'["\\\x00"]'),
    ("n_string_escape_x", b'["\\x00"]'),
    ("n_string_escaped_backslash_bad", b'["\\\\\\"]'),
    ("n_string_escaped_ctrl_char_tab", b'["\\\t"]'),
    ("n_string_escaped_emoji", b'["\\\xf0\x9f\x8c\x80"]'),
    ("n_string_incomplete_escape", b'["\\"]'),
    ("n_string_incomplete_escaped_character", b'["\\u00A"]'),
    ("n_string_incomplete_surrogate", b'["\\uD834\\uDd"]'),
    ("n_string_incomplete_surrogate_escape_invalid", b'["\\uD800\\uD800\\x"]'),
    ("n_string_invalid-utf-8-in-escape", b'["\\u\xe5"]'),
    ("n_string_invalid_backslash_esc", b'["\\a"]'),
    ("n_string_invalid_unicode_escape", b'["\\uqqqq"]'),
    ("n_string_invalid_utf8_after_escape", b'["\\\xe5"]'),
    ("n_string_leading_uescaped_thinspace", b'[\\u0020"asd"]'),
    ("n_string_no_quotes_with_bad_escape", b"[\\n]"),
    ("n_string_single_doublequote", b'"'),
    ("n_string_single_quote", b"['single quote']"),
    ("n_string_single_string_no_double_quotes", b"abc"),
    ("n_string_start_escape_unclosed", b'["\\'),
    ("n_string_unescaped_ctrl_char", b'["a\x00a"]'),
    ("n_string_unescaped_newline", b'["new\nline"]'),
    ("n_string_unescaped_tab", b'["\t"]'),
    ("n_string_unicode_CapitalU", b'"\\UA66D"'),
    ("n_string_with_trailing_garbage", b'""x'),
    ("n_structure_100000_opening_arrays", b"[" * 20000),  # the suite has 100000; 20000 keeps the file small and is far past the 512 cap
    ("n_structure_U+2060_word_joined", b"[\xe2\x81\xa0]"),
    ("n_structure_UTF8_BOM_no_data", BOM),
    ("n_structure_angle_bracket_.", b"<.>"),
    ("n_structure_angle_bracket_null", b"[<null>]"),
    ("n_structure_array_trailing_garbage", b"[1]x"),
    ("n_structure_array_with_extra_array_close", b"[1]]"),
    ("n_structure_array_with_unclosed_string", b'["asd]'),
    ("n_structure_ascii-unicode-identifier", b"a\xc3\xa5"),
    ("n_structure_capitalized_True", b"[True]"),
    ("n_structure_close_unopened_array", b"1]"),
    ("n_structure_comma_instead_of_closing_brace", b'{"x": true,'),
    ("n_structure_double_array", b"[][]"),
    ("n_structure_end_array", b"]"),
    ("n_structure_incomplete_UTF8_BOM", b"\xef\xbb{}"),
    ("n_structure_lone-invalid-utf-8", b"\xe5"),
    ("n_structure_lone-open-bracket", b"["),
    ("n_structure_no_data", b""),
    ("n_structure_null-byte-outside-string", b"[\x00]"),
    ("n_structure_number_with_trailing_garbage", b"2@"),
    ("n_structure_object_followed_by_closing_object", b"{}}"),
    ("n_structure_object_unclosed_no_value", b'{"":'),
    ("n_structure_object_with_comment", b'{"a":/*comment*/"b"}'),
    ("n_structure_object_with_trailing_garbage", b'{"a": true} "x"'),
    ("n_structure_open_array_apostrophe", b"['"),
    ("n_structure_open_array_comma", b"[,"),
    ("n_structure_open_array_object", b'[{"":' * 2000 + b"\n"),  # the suite repeats more; the 512 cap rejects long before
    ("n_structure_open_array_open_object", b"[{"),
    ("n_structure_open_array_open_string", b'["a'),
    ("n_structure_open_array_string", b'["a"'),
    ("n_structure_open_object", b"{"),
    ("n_structure_open_object_close_array", b"{]"),
    ("n_structure_open_object_comma", b"{,"),
    ("n_structure_open_object_open_array", b"{["),
    ("n_structure_open_object_open_string", b'{"a'),
    ("n_structure_open_object_string_with_apostrophes", b"{'a'"),
    ("n_structure_open_open", b'["\\{["\\{["\\{["\\{'),
    ("n_structure_single_eacute", b"\xe9"),
    ("n_structure_single_star", b"*"),
    ("n_structure_trailing_#", b'{"a":"b"}#{}'),
    ("n_structure_uescaped_LF_before_string", b'[\\u000A""]'),
    ("n_structure_unclosed_array", b"[1"),
    ("n_structure_unclosed_array_partial_null", b"[ false, nul"),
    ("n_structure_unclosed_array_unfinished_false", b"[ true, fals"),
    ("n_structure_unclosed_array_unfinished_true", b"[ false, tru"),
    ("n_structure_unclosed_object", b'{"asd":"asd"'),
    ("n_structure_unicode-identifier", b"\xc3\xa5"),
    ("n_structure_whitespace_U+2060_word_joiner", b"[\xe2\x81\xa0]"),
    ("n_structure_whitespace_formfeed", b"[\x0c]"),
]

# ---------------------------------------------------------------------------------------------
# i_ : implementation-defined; (name, bytes, expect, note)
# ---------------------------------------------------------------------------------------------
NUM = "number text is kept verbatim, so magnitude never matters: accept"
LONE = "lone surrogate escape is an error at its backslash (json.h): reject"
BADUTF8 = "input must be valid UTF-8 (json.h): reject"
UTF16 = "UTF-8 only; UTF-16/UTF-32 input is rejected with or without BOM"

I = [
    ("i_number_double_huge_neg_exp", b"[123.456e-789]", "accept", NUM),
    ("i_number_huge_exp",
     b"[0.4e0066999999999999999999999999999999999999999999999999999999999999999999999999999999"
     b"9999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
     b"9999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
     b"999999999999999999999999999999999999999999999999999999999999999999969999999006]",
     "accept", NUM),
    ("i_number_neg_int_huge_exp", b"[-1e+9999]", "accept", NUM),
    ("i_number_pos_double_huge_exp", b"[1.5e+9999]", "accept", NUM),
    ("i_number_real_neg_overflow", b"[-123123e100000]", "accept", NUM),
    ("i_number_real_pos_overflow", b"[123123e100000]", "accept", NUM),
    ("i_number_real_underflow", b"[123e-10000000]", "accept", NUM),
    ("i_number_too_big_neg_int", b"[-123123123123123123123123123123]", "accept", NUM),
    ("i_number_too_big_pos_int", b"[100000000000000000000]", "accept", NUM),
    ("i_number_very_big_negative_int",
     b"[-237462374673276894279832749832423479823246327846]", "accept", NUM),
    ("i_object_key_lone_2nd_surrogate", b'{"\\uDFAA":0}', "reject",
     "low surrogate escape without a preceding high one, in a key: " + LONE),
    ("i_string_1st_surrogate_but_2nd_missing", b'["\\uDADA"]', "reject",
     "high surrogate escape not followed by a low one: " + LONE),
    ("i_string_1st_valid_surrogate_2nd_invalid", b'["\\uD888\\u1234"]', "reject",
     "high surrogate followed by a non-surrogate escape: " + LONE),
    ("i_string_UTF-16LE_with_BOM", b"\xff\xfe" + '["é"]'.encode("utf-16-le"), "reject",
     UTF16 + "; FF FE is not a UTF-8 BOM"),
    ("i_string_UTF-8_invalid_sequence", b'["\xe6\x97\xa5\xd1\x88\xfa"]', "reject",
     "0xFA is never valid in UTF-8: " + BADUTF8),
    ("i_string_UTF8_surrogate_U+D800", b'["\xed\xa0\x80"]', "reject",
     "UTF-8-encoded surrogate: " + BADUTF8),
    ("i_string_incomplete_surrogate_and_escape_valid", b'["\\uD800\\n"]', "reject",
     "high surrogate followed by \\n: " + LONE),
    ("i_string_incomplete_surrogate_pair", b'["\\uDd1ea"]', "reject",
     "lone low surrogate: " + LONE),
    ("i_string_incomplete_surrogates_escape_valid", b'["\\uD800\\uD800\\n"]', "reject",
     "two high surrogates in a row: " + LONE),
    ("i_string_invalid_lonely_surrogate", b'["\\ud800"]', "reject",
     "lone high surrogate: " + LONE),
    ("i_string_invalid_surrogate", b'["\\ud800abc"]', "reject",
     "high surrogate followed by plain text: " + LONE),
    ("i_string_invalid_utf-8", b'["\xff"]', "reject", "0xFF byte: " + BADUTF8),
    ("i_string_inverted_surrogates_U+1D11E", b'["\\uDd1e\\uD834"]', "reject",
     "low then high (inverted pair): " + LONE),
    ("i_string_iso_latin_1", b'["\xe9"]', "reject",
     "Latin-1 e-acute is a truncated UTF-8 lead byte: " + BADUTF8),
    ("i_string_lone_second_surrogate", b'["\\uDFAA"]', "reject",
     "lone low surrogate: " + LONE),
    ("i_string_lone_utf8_continuation_byte", b'["\x81"]', "reject",
     "lone continuation byte: " + BADUTF8),
    ("i_string_not_in_unicode_range", b'["\xf4\xbf\xbf\xbf"]', "reject",
     "encodes a code point above U+10FFFF: " + BADUTF8),
    ("i_string_overlong_sequence_2_bytes", b'["\xc0\xaf"]', "reject",
     "overlong encoding of '/': " + BADUTF8),
    ("i_string_overlong_sequence_6_bytes", b'["\xfc\x83\xbf\xbf\xbf\xbf"]', "reject",
     "6-byte form (lead 0xFC) is not UTF-8: " + BADUTF8),
    ("i_string_overlong_sequence_6_bytes_null", b'["\xfc\x80\x80\x80\x80\x80"]', "reject",
     "6-byte overlong NUL: " + BADUTF8),
    ("i_string_truncated-utf-8", b'["\xe0\xff"]', "reject",
     "truncated 3-byte sequence: " + BADUTF8),
    ("i_string_utf16BE_no_BOM", '["é"]'.encode("utf-16-be"), "reject", UTF16),
    ("i_string_utf16LE_no_BOM", '["é"]'.encode("utf-16-le"), "reject", UTF16),
    ("i_structure_500_nested_arrays", b"[" * 500 + b"]" * 500, "accept",
     "500 levels is within maxDepth 512: accept"),
    ("i_structure_UTF-8_BOM_empty_object", BOM + b"{}", "accept",
     "a leading UTF-8 BOM is skipped (json.h): accept"),
]

# ---------------------------------------------------------------------------------------------
# x_ : our own cases; (name, bytes, note). x_y_ accept, x_n_ reject.
# ---------------------------------------------------------------------------------------------
def nested_objects(depth, inner=b"{}"):
    """`depth` levels of objects: {"a":{"a":...{}...}}"""
    return b'{"a":' * (depth - 1) + inner + b"}" * (depth - 1)


def nested_mixed(depth):
    """Alternating array/object levels, `depth` in total, innermost is an empty array or object."""
    opens, closes = [], []
    for level in range(depth - 1):
        if level % 2 == 0:
            opens.append(b"[")
            closes.append(b"]")
        else:
            opens.append(b'{"k":')
            closes.append(b"}")
    inner = b"[]" if (depth - 1) % 2 == 0 else b"{}"
    return b"".join(opens) + inner + b"".join(reversed(closes))


X = [
    # --- depth limit (maxDepth = 512): exactly 512 accepts, 513 rejects
    ("x_y_structure_512_nested_arrays", b"[" * 512 + b"]" * 512, "exactly maxDepth levels"),
    ("x_n_structure_513_nested_arrays", b"[" * 513 + b"]" * 513, "one level past maxDepth"),
    ("x_y_structure_512_nested_objects", nested_objects(512), "exactly maxDepth levels"),
    ("x_n_structure_513_nested_objects", nested_objects(513), "one level past maxDepth"),
    ("x_y_structure_512_nested_mixed", nested_mixed(512), "alternating arrays/objects, 512 levels"),
    ("x_n_structure_513_nested_mixed", nested_mixed(513), "alternating arrays/objects, 513 levels"),
    ("x_y_structure_512_nested_arrays_with_scalar",
     b"[" * 512 + b"1" + b"]" * 512, "scalar inside depth 512 adds no level"),
    ("x_y_structure_512_nested_arrays_wide",
     b"[" * 511 + b"[],[],[]" + b"]" * 511, "siblings at depth 512"),
    ("x_n_structure_513_nested_arrays_unclosed", b"[" * 513, "depth error before end-of-input"),
    ("x_n_structure_10000_nested_closed_arrays", b"[" * 10000 + b"]" * 10000,
     "well-formed but far too deep; must fail cleanly, not overflow the stack"),
    ("x_n_structure_10000_opening_objects", b'{"a":' * 10000,
     "deep unclosed objects; must fail cleanly"),
    # --- byte-order marks and encodings
    ("x_y_structure_UTF-8_BOM_scalar", BOM + b"1", "BOM skipped before a top-level scalar"),
    ("x_y_structure_UTF-8_BOM_then_whitespace", BOM + b" \n[] ", "BOM then ordinary whitespace"),
    ("x_n_structure_UTF-8_BOM_twice", BOM + BOM + b"{}", "only one leading BOM is skipped"),
    ("x_n_structure_UTF-8_BOM_after_whitespace", b" " + BOM + b"{}", "BOM only at byte 0"),
    ("x_n_structure_UTF-8_BOM_after_value", b"{}" + BOM, "U+FEFF is not whitespace"),
    ("x_n_structure_UTF-8_BOM_whitespace_only", BOM + b" \t", "no value after the BOM"),
    ("x_n_string_UTF-16BE_with_BOM", b"\xfe\xff" + '["é"]'.encode("utf-16-be"), UTF16),
    ("x_n_string_UTF-32LE_with_BOM", b"\xff\xfe\x00\x00" + b'["a"]'.decode().encode("utf-32-le"),
     UTF16),
    ("x_n_string_UTF-32BE_with_BOM", b"\x00\x00\xfe\xff" + b'["a"]'.decode().encode("utf-32-be"),
     UTF16),
    ("x_n_structure_UTF-32LE_no_BOM", b"[]".decode().encode("utf-32-le"), UTF16),
    ("x_n_structure_UTF-16BE_no_BOM_number", "1".encode("utf-16-be"), UTF16),
    # --- UTF-8 validity: boundaries that must pass
    ("x_y_string_utf8_U+0080", b'["\xc2\x80"]', "smallest 2-byte sequence"),
    ("x_y_string_utf8_U+07FF", b'["\xdf\xbf"]', "largest 2-byte sequence"),
    ("x_y_string_utf8_U+0800", b'["\xe0\xa0\x80"]', "smallest 3-byte sequence"),
    ("x_y_string_utf8_U+D7FF", b'["\xed\x9f\xbf"]', "last code point before the surrogates"),
    ("x_y_string_utf8_U+E000", b'["\xee\x80\x80"]', "first code point after the surrogates"),
    ("x_y_string_utf8_U+10000", b'["\xf0\x90\x80\x80"]', "smallest 4-byte sequence"),
    ("x_y_object_utf8_key_and_value", b'{"\xc3\xa9t\xc3\xa9":"\xe6\x97\xa5\xf0\x9f\x98\x80"}',
     "multi-byte UTF-8 in key and value"),
    # --- UTF-8 validity: must fail
    ("x_n_string_overlong_3_bytes", b'["\xe0\x80\xaf"]', "overlong '/' in 3 bytes"),
    ("x_n_string_overlong_4_bytes", b'["\xf0\x80\x80\xaf"]', "overlong '/' in 4 bytes"),
    ("x_n_string_overlong_nul_2_bytes", b'["\xc0\x80"]', "modified-UTF-8 NUL is overlong"),
    ("x_n_string_overlong_U+07FF_3_bytes", b'["\xe0\x9f\xbf"]', "overlong, 3 bytes for U+07FF"),
    ("x_n_string_overlong_U+FFFF_4_bytes", b'["\xf0\x8f\xbf\xbf"]', "overlong, 4 bytes for U+FFFF"),
    ("x_n_string_lead_byte_c1", b'["\xc1\xbf"]', "0xC1 lead is always overlong"),
    ("x_n_string_utf8_surrogate_U+DFFF", b'["\xed\xbf\xbf"]', "UTF-8-encoded low surrogate"),
    ("x_n_string_utf8_cesu8_pair", b'["\xed\xa0\xbd\xed\xb8\x80"]',
     "CESU-8 (surrogate pair encoded as two 3-byte sequences)"),
    ("x_n_string_utf8_U+110000", b'["\xf4\x90\x80\x80"]', "first code point past U+10FFFF"),
    ("x_n_string_utf8_lead_byte_f5", b'["\xf5\x80\x80\x80"]', "0xF5 lead is never valid"),
    ("x_n_string_utf8_lead_byte_f8", b'["\xf8\x88\x80\x80\x80"]', "5-byte form is not UTF-8"),
    ("x_n_string_utf8_truncated_4_bytes", b'["\xf0\x9f\x98"]', "4-byte sequence missing its tail"),
    ("x_n_string_utf8_truncated_at_eof", b'["\xe2\x82', "input ends inside a sequence"),
    ("x_n_string_utf8_lead_then_ascii", b'["\xc3a"]', "lead byte followed by ASCII"),
    ("x_n_string_utf8_two_continuations", b'["\x80\xbf"]', "continuation bytes with no lead"),
    ("x_n_structure_utf8_invalid_after_value", b"[]\xff", "invalid byte after the value"),
    ("x_n_structure_utf8_invalid_in_whitespace", b"[ \x80 ]", "invalid byte in whitespace"),
    # --- strings
    ("x_y_string_escape_mixed_case_hex", b'["\\uaBcD\\uAbCd"]', "hex digits in any case"),
    ("x_y_string_escaped_U+001F", b'["\\u001f"]', "escaped control character"),
    ("x_y_string_nul_escape_in_middle", b'["a\\u0000b"]', "\\u0000 inside text"),
    ("x_y_string_surrogate_pair_U+1F600", b'["\\uD83D\\uDE00"]', "escaped pair for an emoji"),
    ("x_y_string_first_supplementary_pair", b'["\\uD800\\uDC00"]', "U+10000 as an escaped pair"),
    ("x_y_string_pair_then_text", b'["\\uD83D\\uDE00x\\u0041"]', "pair followed by more text"),
    ("x_y_string_escaped_solidus", b'["\\/"]', "\\/ is a valid escape"),
    ("x_y_string_raw_U+001F_adjacent_DEL", b'["~\x7f"]', "0x7F is not a control character in RFC 8259"),
    ("x_y_string_long", b'["' + b"abcdefghij" * 1000 + b'"]', "10000-byte string"),
    ("x_n_string_raw_U+0001", b'["\x01"]', "raw control character"),
    ("x_n_string_raw_U+001F", b'["\x1f"]', "raw control character"),
    ("x_n_string_raw_cr", b'["a\rb"]', "raw carriage return"),
    ("x_n_string_escape_invalid_hex", b'["\\u12G4"]', "non-hex digit in \\u escape"),
    ("x_n_string_escape_u_short_at_eof", b'["\\u12', "input ends inside \\u escape"),
    ("x_n_string_escape_single_quote", b'["\\\'"]', "\\' is not a JSON escape"),
    ("x_n_string_escape_zero", b'["\\0"]', "\\0 is not a JSON escape"),
    ("x_n_string_escape_U+2028_raw_after_backslash", b'["\\\xe2\x80\xa8"]',
     "backslash followed by a multi-byte character"),
    ("x_n_string_high_surrogate_then_high_pair", b'["\\uD800\\uD800\\uDC00"]',
     "first high surrogate has no low: " + LONE),
    ("x_n_string_lone_high_at_end_of_key", b'{"a\\uD83D":1}', "lone high in a key: " + LONE),
    ("x_n_string_high_then_raw_low_utf8", b'["\\uD83D\xed\xb8\x80"]',
     "escaped high then UTF-8-encoded low (invalid UTF-8 and lone surrogate)"),
    ("x_n_string_unterminated_top_level", b'"abc', "unterminated string"),
    ("x_n_string_single_quoted_top_level", b"'abc'", "single quotes are not JSON"),
    # --- numbers
    ("x_y_number_zero", b"0", "top-level zero"),
    ("x_y_number_negative_zero_real_exp", b"-0.0e-0", "every optional part present"),
    ("x_y_number_exp_leading_zeros", b"[1e007]", "exponent digits may have leading zeros"),
    ("x_y_number_fraction_trailing_zeros", b"[1.500000]", "trailing zeros kept verbatim"),
    ("x_y_number_max_uint64_plus_one", b"[18446744073709551616]", "beyond 64 bits"),
    ("x_y_number_min_int64_minus_one", b"[-9223372036854775809]", "beyond 64 bits"),
    ("x_y_number_long_fraction", b"[0." + b"1234567890" * 30 + b"]", "300-digit fraction"),
    ("x_y_number_in_object_no_space", b'{"a":-1.5E+3,"b":0}', "numbers as member values"),
    ("x_n_number_leading_plus_top", b"+1", "leading plus"),
    ("x_n_number_double_minus", b"[--1]", "double minus"),
    ("x_n_number_trailing_dot_top", b"1.", "fraction without digits"),
    ("x_n_number_exp_without_digits_top", b"1e", "exponent without digits"),
    ("x_n_number_leading_zeros_top", b"00", "leading zero followed by digits"),
    ("x_n_number_minus_zero_leading", b"-00", "leading zero after minus"),
    ("x_n_number_comma_decimal", b"[1,5.]", "decimal comma is two values; 5. is invalid"),
    ("x_n_number_hex_top", b"0x10", "hex literal"),
    ("x_n_number_binary_exponent", b"[0x1p3]", "hex float"),
    ("x_n_number_underscore", b"[1_000]", "digit separator"),
    ("x_n_number_nul_after", b"[1\x00]", "NUL after a number"),
    # --- literals
    ("x_n_literal_truex", b"truex", "garbage after literal"),
    ("x_n_literal_nulll", b"nulll", "garbage after literal"),
    ("x_n_literal_false_capital", b"FALSE", "literals are lower case"),
    ("x_n_literal_none", b"[None]", "Python literal"),
    ("x_n_literal_undefined", b"[undefined]", "JavaScript literal"),
    ("x_n_literal_truncated_top", b"tru", "truncated literal at EOF"),
    # --- whitespace and trailing content
    ("x_y_structure_all_whitespace_kinds", b' \t\r\n{ \t\r\n"a" \t\r\n: \t\r\n[ \t\r\n] \t\r\n} \t\r\n',
     "the four RFC 8259 whitespace bytes everywhere"),
    ("x_y_structure_crlf_lines", b'{\r\n  "a": 1,\r\n  "b": [\r\n    true\r\n  ]\r\n}\r\n', "CRLF text"),
    ("x_y_structure_scalar_trailing_whitespace", b"null \n\t\r", "trailing whitespace after scalar"),
    ("x_n_structure_whitespace_only", b" \t\r\n", "no value"),
    ("x_n_structure_trailing_nul", b"[]\x00", "NUL after the value"),
    ("x_n_structure_two_scalars", b"1 2", "second top-level value"),
    ("x_n_structure_two_objects_newline", b"{}\n{}", "NDJSON is not JSON"),
    ("x_n_structure_trailing_comma_top", b"[],", "comma after the value"),
    ("x_n_structure_whitespace_nbsp", b"[\xc2\xa0]", "U+00A0 is not JSON whitespace"),
    ("x_n_structure_whitespace_vertical_tab", b"[\x0b1]", "VT is not JSON whitespace"),
    ("x_n_structure_whitespace_U+3000", b"\xe3\x80\x80[]", "ideographic space"),
    ("x_n_structure_comment_line_before", b"// c\n{}", "comments are not JSON"),
    ("x_n_structure_comment_hash_before", b"# c\n{}", "comments are not JSON"),
    ("x_n_structure_nested_trailing_comma", b'{"a":[1,{"b":2,}]}', "trailing comma deep inside"),
    ("x_n_structure_mismatched_close", b'{"a":[1}]', "closer does not match opener"),
    ("x_n_structure_mismatched_close_object", b"[1}", "object closer for an array"),
    # --- objects and duplicates
    ("x_y_object_duplicate_key_three_times", b'{"a":1,"a":2,"a":3}', "duplicates accepted, last wins"),
    ("x_y_object_duplicate_key_nested", b'{"a":{"b":1,"b":2},"a":[]}', "duplicates at two levels"),
    ("x_y_object_duplicate_key_by_escape", b'{"a":1,"\\u0061":2}', "same key after unescaping"),
    ("x_y_object_duplicate_empty_key", b'{"":1,"":2}', "duplicate empty keys"),
    ("x_y_object_keys_differ_by_case", b'{"a":1,"A":2}', "keys are case-sensitive"),
    ("x_y_object_key_with_escapes", b'{"\\"\\\\\\/\\b\\f\\n\\r\\t":true}', "every escape in a key"),
    ("x_y_object_key_slash_pointer_chars", b'{"a/b":1,"m~n":2}', "characters JSON Pointer escapes"),
    ("x_y_object_many_members", b"{" + b",".join(b'"k%d":%d' % (i, i) for i in range(1000)) + b"}",
     "1000 members"),
    ("x_y_array_many_items", b"[" + b",".join(b"%d" % i for i in range(5000)) + b"]", "5000 items"),
    ("x_n_object_key_number_string", b'{"a":1 "b":2}', "missing comma between members"),
    ("x_n_object_colon_after_value", b'{"a":1:2}', "second colon"),
    ("x_n_object_unterminated_key", b'{"a', "input ends inside a key"),
    ("x_n_object_key_true", b"{true:1}", "literal as key"),
    ("x_n_object_array_as_key", b'{["a"]:1}', "array as key"),
]

# ---------------------------------------------------------------------------------------------
# Reference implementation of the contract, used only to cross-check the expectations above.
# ---------------------------------------------------------------------------------------------
class Reject(Exception):
    pass


WS = " \t\n\r"
HEX = "0123456789abcdefABCDEF"
DIGITS = "0123456789"
SIMPLE_ESCAPES = '"\\/bfnrt'


def contract_accepts(data):
    if data.startswith(BOM):
        data = data[3:]
    try:
        s = data.decode("utf-8")  # strict: rejects overlongs, surrogates, > U+10FFFF, truncation
    except UnicodeDecodeError:
        return False
    try:
        pos = _value(s, _ws(s, 0), 0)
        return _ws(s, pos) == len(s)
    except Reject:
        return False


def _ws(s, i):
    while i < len(s) and s[i] in WS:
        i += 1
    return i


def _value(s, i, depth):
    if i >= len(s):
        raise Reject
    c = s[i]
    if c in "[{":
        if depth + 1 > MAX_DEPTH:
            raise Reject
        close = "]" if c == "[" else "}"
        i = _ws(s, i + 1)
        if i < len(s) and s[i] == close:
            return i + 1
        while True:
            if c == "{":
                if i >= len(s) or s[i] != '"':
                    raise Reject
                i = _ws(s, _string(s, i))
                if i >= len(s) or s[i] != ":":
                    raise Reject
                i = _ws(s, i + 1)
            i = _ws(s, _value(s, i, depth + 1))
            if i >= len(s):
                raise Reject
            if s[i] == close:
                return i + 1
            if s[i] != ",":
                raise Reject
            i = _ws(s, i + 1)
    if c == '"':
        return _string(s, i)
    for lit in ("true", "false", "null"):
        if s.startswith(lit, i):
            return i + len(lit)
    return _number(s, i)


def _hex4(s, i):
    h = s[i:i + 4]
    if len(h) != 4 or any(ch not in HEX for ch in h):
        raise Reject
    return int(h, 16)


def _string(s, i):
    i += 1
    while True:
        if i >= len(s):
            raise Reject
        ch = s[i]
        if ch == '"':
            return i + 1
        if ord(ch) < 0x20:
            raise Reject
        if ch != "\\":
            i += 1
            continue
        i += 1
        if i >= len(s):
            raise Reject
        e = s[i]
        if e in SIMPLE_ESCAPES:
            i += 1
        elif e == "u":
            cp = _hex4(s, i + 1)
            i += 5
            if 0xDC00 <= cp <= 0xDFFF:
                raise Reject  # low surrogate alone
            if 0xD800 <= cp <= 0xDBFF:
                if s[i:i + 2] != "\\u":
                    raise Reject
                lo = _hex4(s, i + 2)
                if not 0xDC00 <= lo <= 0xDFFF:
                    raise Reject
                i += 6
        else:
            raise Reject


def _number(s, i):
    start = i
    if i < len(s) and s[i] == "-":
        i += 1
    if i < len(s) and s[i] == "0":
        i += 1
    elif i < len(s) and s[i] in "123456789":
        while i < len(s) and s[i] in DIGITS:
            i += 1
    else:
        raise Reject
    if i < len(s) and s[i] == ".":
        i += 1
        if i >= len(s) or s[i] not in DIGITS:
            raise Reject
        while i < len(s) and s[i] in DIGITS:
            i += 1
    if i < len(s) and s[i] in "eE":
        i += 1
        if i < len(s) and s[i] in "+-":
            i += 1
        if i >= len(s) or s[i] not in DIGITS:
            raise Reject
        while i < len(s) and s[i] in DIGITS:
            i += 1
    assert i > start
    return i


def python_accepts(data):
    """json.loads on the decoded text; None if the bytes are not UTF-8 at all."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    try:
        json.loads(text)
        return True
    except (ValueError, RecursionError):
        return False


# ---------------------------------------------------------------------------------------------
def build():
    cases = []
    for name, data in Y:
        cases.append({"name": name, "hex": data.hex(), "expect": "accept"})
    for name, data in N:
        cases.append({"name": name, "hex": data.hex(), "expect": "reject"})
    for name, data, expect, note in I:
        cases.append({"name": name, "hex": data.hex(), "expect": expect, "note": note})
    for name, data, note in X:
        expect = {"x_y_": "accept", "x_n_": "reject"}[name[:4]]
        cases.append({"name": name, "hex": data.hex(), "expect": expect, "note": note})
    return cases


def check(cases):
    errors, info = [], []
    names = set()
    for c in cases:
        name, data, expect = c["name"], bytes.fromhex(c["hex"]), c["expect"]
        if name in names:
            errors.append("duplicate name " + name)
        names.add(name)
        prefix = name[:2] if not name.startswith("x_") else name[:4]
        want = {"y_": "accept", "n_": "reject", "x_y_": "accept", "x_n_": "reject"}.get(prefix)
        if want is not None and want != expect:
            errors.append("%s: prefix says %s but expect is %s" % (name, want, expect))
        if name.startswith("i_") and not c.get("note"):
            errors.append(name + ": i_ case without note")
        ref = "accept" if contract_accepts(data) else "reject"
        if ref != expect:
            errors.append("%s: reference contract parser says %s, expect is %s" % (name, ref, expect))
        py = python_accepts(data)
        if expect == "accept" and py is not True and not name.startswith("i_"):
            errors.append("%s: accept case but Python json.loads gives %r" % (name, py))
        if expect == "reject" and py is True:
            info.append(name)
    return errors, info


def main():
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4000))
    cases = build()
    errors, python_accepts_rejects = check(cases)
    if errors:
        for e in errors:
            print("ERROR:", e, file=sys.stderr)
        return 1
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "suite.json")
    lines = [json.dumps(c, ensure_ascii=True, separators=(",", ":")) for c in cases]
    with open(out, "w", encoding="ascii", newline="\n") as f:
        f.write("[\n" + ",\n".join(lines) + "\n]\n")
    counts = {}
    for c in cases:
        key = ("x_" if c["name"].startswith("x_") else c["name"][:2]) + " " + c["expect"]
        counts[key] = counts.get(key, 0) + 1
    for key in sorted(counts):
        print("%-10s %d" % (key, counts[key]))
    print("total      %d" % len(cases))
    if python_accepts_rejects:
        print("reject cases Python's json.loads accepts (expected, informational):")
        for n in python_accepts_rejects:
            print("  " + n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
