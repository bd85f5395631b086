//! What the generated types need from serde beyond its derive.

use serde::{Deserialize, Deserializer};

/// An optional field that is there: JSON's null is no declared field's value, so it is refused rather than read
/// as absent (an optional field is left out, never sent as null).
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}
