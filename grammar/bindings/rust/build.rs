fn main() {
    let src_dir = std::path::Path::new("src");

    let mut c_config = cc::Build::new();
    c_config.include(src_dir).flag_if_supported("-std=c11");
    c_config.flag_if_supported("-Wno-unused-parameter");
    for file in ["parser.c", "scanner.c"] {
        let path = src_dir.join(file);
        c_config.file(&path);
        println!("cargo:rerun-if-changed={}", path.to_str().unwrap());
    }
    c_config.compile("tree-sitter-mlir");
}
