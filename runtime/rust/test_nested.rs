//! A bounded number in a content block's nested object, read as JavaScript (and so the JSON Schemas' ajv) reads it:
//! one whose text is past f64's range is infinite, and out of any bounds; one too small for f64 is zero. Worked out
//! by hand from those readings.

use element_model::nested::check_nested;
use element_model::spec_data::NestedShape;
use serde_json::Value;

#[test]
fn a_number_past_f64_is_out_of_any_bounds() {
    let shape = NestedShape { r#type: "number", minimum: Some(0.0), maximum: Some(1.0), bounds: Some("from 0 to 1"), ..NestedShape::EMPTY };
    for (text, out) in [("1e400", true), ("-1e400", true), ("1e-400", false), ("1", false), ("1.0000001", true)] {
        let value: Value = serde_json::from_str(text).unwrap();
        let mut said = false;
        check_nested(&value, &shape, "n", &[], &mut |id, _, _| said = id == "out-of-range");
        assert_eq!(said, out, "{text}");
    }
}
