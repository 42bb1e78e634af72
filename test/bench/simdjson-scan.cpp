// The physical floor row: simdjson (Debian's libsimdjson-dev) fully parses every line of every file, one thread,
// and prints the number of documents. A line that is not JSON fails the run, as it would JSON.parse in floor.mjs.
#include <simdjson.h>

#include <cstdio>

int main(int argc, char **argv) {
  simdjson::dom::parser parser;
  size_t docs = 0;
  for (int i = 1; i < argc; i++) {
    simdjson::padded_string text;
    if (auto err = simdjson::padded_string::load(argv[i]).get(text)) {
      std::fprintf(stderr, "%s: %s\n", argv[i], simdjson::error_message(err));
      return 2;
    }
    // A batch must hold the largest line; real lines stay under 64 KB, the old generator's reach 1.7 MB.
    simdjson::dom::document_stream stream;
    if (auto err = parser.parse_many(text, 16 << 20).get(stream)) {
      std::fprintf(stderr, "%s: %s\n", argv[i], simdjson::error_message(err));
      return 2;
    }
    for (auto doc : stream) {
      if (doc.error()) {
        std::fprintf(stderr, "%s: %s\n", argv[i], simdjson::error_message(doc.error()));
        return 2;
      }
      docs++;
    }
  }
  std::printf("%zu\n", docs);
  return 0;
}
