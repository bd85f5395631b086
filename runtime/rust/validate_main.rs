//! The validator's command: `element-model-validate [--json] [--batch] FILE|-`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(element_model::validate::run(&args));
}
