// The editor's keystroke cost on the UI thread with a 1000-tool project (issue: "a keystroke
// replaces only the edited tool's part of each visible tab"): from the edit in the tool
// editor to the visible wire tab showing the new bytes. Two modes: the tool editor holding
// one tool (the default), and the whole 1000-tool list as one document. Compared by
// scripts/bench.sh with bench/startup/qt_editor_keystroke (editor text extraction) plus the
// simdjson parse and one wire of conv_simdjson, measured in the same run.
//
// Input: $TOOLWIRE_BENCH_DATA/bench_1000.toolwire (written by scripts/bench.sh).

#include "json/json.h"
#include "mainwindow.h"
#include "projectdocument.h"
#include "services.h"
#include "widgets/jsoneditor.h"
#include "widgets/wireview.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QCheckBox>
#include <QStandardPaths>

#include <cstdlib>

namespace {

QString projectPath()
{
    const char* dir = std::getenv("TOOLWIRE_BENCH_DATA");
    return QString::fromLocal8Bit(dir ? dir : "bench-data") + QStringLiteral("/bench_1000.toolwire");
}

struct Window {
    tw::ui::ServiceHost services; // the benchmark is its own composition root
    tw::ui::ProjectDocument doc;
    tw::ui::MainWindow window{&doc, services.services(), tw::ui::WindowOptions{false}};
    Window()
    {
        if (!window.openProject(projectPath()))
            std::abort();
        window.resize(1400, 900);
        window.show();
        window.selectWireTab(2); // Anthropic
        QApplication::processEvents();
    }
};

void BM_KeystrokeOneTool(benchmark::State& state)
{
    Window w;
    auto* editor = w.window.toolEditor();
    // Type into the selected tool's description (its place in the list does not matter:
    // the visible tab is re-rendered from the parsed tools and patched where it changed).
    const QString base = editor->text();
    const qsizetype at = base.indexOf(QStringLiteral("\"description\": \"")) + 16;
    int n = 0;
    for (auto _ : state) {
        QString text = base;
        text.insert(at, QChar(QLatin1Char('a' + (n++ % 26))));
        editor->setText(text); // one keystroke's worth of change, through textChanged
    }
    benchmark::DoNotOptimize(w.window.wireView(2)->content().size());
}
BENCHMARK(BM_KeystrokeOneTool)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_KeystrokeWholeList(benchmark::State& state)
{
    Window w;
    QCheckBox* whole = nullptr;
    for (QCheckBox* b : w.window.findChildren<QCheckBox*>())
        if (b->text().startsWith(QStringLiteral("Edit the whole tool list")))
            whole = b;
    whole->setChecked(true);
    auto* editor = w.window.toolEditor();
    // A real keystroke in the middle of the 1.7 MB document: insert, then delete, a char.
    const int line = editor->lines() / 2;
    int n = 0;
    for (auto _ : state) {
        editor->setCursorPosition(line, 8);
        if (n++ % 2 == 0)
            editor->insert(QStringLiteral("x"));
        else
            editor->SendScintilla(QsciScintillaBase::SCI_DELETERANGE, editor->positionFromLineIndex(line, 8), 1L);
    }
    benchmark::DoNotOptimize(w.window.wireView(2)->content().size());
}
BENCHMARK(BM_KeystrokeWholeList)->Unit(benchmark::kMillisecond)->MinTime(1.0);

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
