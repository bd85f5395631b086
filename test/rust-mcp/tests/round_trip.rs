//! Every conformance vector from a provider (rmcp's server, the README's `AnswerProvider`, in a process of its own)
//! over stdio to a host (rmcp's client, through its child-process transport): a vector that decodes arrives, and the
//! README's `ask` finds the vector's findings in it with the crate's checker; one that does not is the tool's error.
//! Only an answer nested deeper than serde_json reads a message (rmcp's transport ignores such a message, so the call
//! would never return) is left out: the deep-tree vector, 100 elements deep.
//! Reads ELEMENT_CONFORMANCE_DIR, ELEMENT_TOOLS (the published tools.json) and ELEMENT_TOOL (test/bindings/rust/consumer.ts sets them).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use element_model::{Finding, read_json};
use element_model_mcp_round_trip::ask;
use rmcp::ServiceExt;
use rmcp::model::JsonObject;
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set"))
}

/// Whether serde_json, as rmcp's transport reads each message, reads the message whose result holds `answer`.
fn travels(answer: &Value) -> bool {
    let message = json!({"jsonrpc": "2.0", "id": 1, "result": {"content": [], "structuredContent": answer}});
    serde_json::from_str::<Value>(&message.to_string()).is_ok()
}

/// A finding as the vectors state it: without its message.
fn stated(f: &Finding) -> Value {
    json!({"requirement": f.requirement, "rule": f.rule, "severity": f.severity.as_str(), "elementId": f.element_id, "path": f.path})
}

#[tokio::test]
async fn every_vector_gets_the_verdict_it_has_on_disk() {
    let started = Instant::now();
    let vectors = PathBuf::from(env("ELEMENT_CONFORMANCE_DIR")).join("vectors");
    let tool = env("ELEMENT_TOOL");
    let mut names: Vec<String> = std::fs::read_dir(&vectors)
        .unwrap_or_else(|e| panic!("{}: {e}", vectors.display()))
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.strip_suffix(".json").map(str::to_owned))
        .collect();
    names.sort();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_provider"));
    command.arg(&vectors);
    let host = ().serve(TokioChildProcess::new(command).expect("spawn the provider")).await.expect("initialize");
    let listed = host.list_all_tools().await.expect("tools/list");
    assert_eq!(listed.iter().map(|t| t.name.as_ref()).collect::<Vec<_>>(), vec![tool.as_str()]);
    // The output schema tools.json publishes for the tool (apart from the crate's compiled copy), as the tool states it.
    let tools = read_json(&std::fs::read_to_string(env("ELEMENT_TOOLS")).expect("read tools.json")).expect("tools.json is JSON");
    let published = tools.as_array().and_then(|all| all.iter().find(|t| t["name"] == Value::String(tool.clone()))).map(|t| t["outputSchema"].clone());
    assert!(published.is_some(), "tools.json defines no tool {tool}");
    assert_eq!(listed[0].output_schema.as_deref().map(|s| Value::Object(s.clone())), published);
    let (mut refused, mut sent, mut left_out) = (0, 0, Vec::new());
    for name in &names {
        let path = vectors.join(format!("{name}.json"));
        let vector = read_json(&std::fs::read_to_string(&path).expect("read the vector")).expect("a vector is JSON");
        if !travels(&vector["input"]) {
            left_out.push(name.as_str());
            continue;
        }
        let arguments = JsonObject::from_iter([("vector".to_owned(), json!(name))]);
        let found = tokio::time::timeout(Duration::from_secs(60), ask(&host, arguments))
            .await
            .unwrap_or_else(|_| panic!("{name}: no reply in 60 s"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        sent += 1;
        if vector["decodes"] != Value::Bool(true) {
            assert_eq!(found, None, "{name}: decodes nothing, so the tool's error");
            refused += 1;
            continue;
        }
        let found = found.unwrap_or_else(|| panic!("{name}: the tool's error, for a vector that decodes"));
        assert_eq!(Value::Array(found.iter().map(stated).collect()), vector["findings"], "{name}");
    }
    host.cancel().await.expect("close the provider");
    assert!(refused >= 1 && refused < sent, "{refused} of {sent} refused");
    assert!(left_out.len() <= 1, "left out, nested deeper than serde_json reads: {left_out:?}");
    println!("McpRoundTrip: {sent} vectors over stdio in {:.2} s", started.elapsed().as_secs_f64());
    println!("McpRoundTrip: left out, nested deeper than serde_json reads a message: {}", if left_out.is_empty() { "none".to_owned() } else { left_out.join(", ") });
}
