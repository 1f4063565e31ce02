// The bundled meta-schemas (core/schema/metaschemas/, compiled in as the Qt resource
// :/core/schema/metaschemas/): every JSON file there is a schema document registered under
// its own "$id", so references to the 2020-12 meta-schema and its vocabularies resolve
// without the network.

#include "json/json.h"
#include "schema/refresolver.h"

#include <QDirIterator>
#include <QFile>

#include <deque>

namespace tw::schema {

const SchemaIndex& bundledSchemas()
{
    struct Bundle {
        std::deque<json::Value> documents; // the index points into these
        SchemaIndex index;
        Bundle()
        {
            QDirIterator it(QStringLiteral(":/core/schema/metaschemas"), {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
            QStringList files;
            while (it.hasNext())
                files << it.next();
            files.sort(); // a stable order, whatever the resource tree's
            for (const QString& path : files) {
                QFile f(path);
                if (!f.open(QIODevice::ReadOnly))
                    continue;
                const QByteArray bytes = f.readAll();
                auto doc = json::parse(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
                if (!doc || !doc->isObject() || !(*doc)["$id"].isString())
                    continue; // the files are ours: a broken one is caught by tst_jsonschema_suite
                const json::Value& root = documents.emplace_back(std::move(*doc));
                index.add(root, root["$id"].str(), Dialect::Draft2020_12);
            }
        }
    };
    static const Bundle bundle; // built once, thread-safe; read-only afterwards
    return bundle.index;
}

} // namespace tw::schema
