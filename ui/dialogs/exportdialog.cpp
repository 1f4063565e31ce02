#include "dialogs/exportdialog.h"

#include "project/io/exporter.h"
#include "project/requestinput.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "wire/registry.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
constexpr int kNoteMs = 5000;

struct FormatRow {
    const char* name; // exportFormat()'s
    const char* label;
    const char* suffix;
};
const FormatRow kFormats[] = {
    {"curl", QT_TRANSLATE_NOOP("ExportDialog", "curl command line"), "sh"},
    {"python", QT_TRANSLATE_NOOP("ExportDialog", "Python (requests)"), "py"},
    {"js", QT_TRANSLATE_NOOP("ExportDialog", "JavaScript (fetch)"), "js"},
    {"postman", QT_TRANSLATE_NOOP("ExportDialog", "Postman collection v2.1"), "postman_collection.json"},
    {"json", QT_TRANSLATE_NOOP("ExportDialog", "Request as JSON"), "json"},
    {"tools", QT_TRANSLATE_NOOP("ExportDialog", "Tools in the wire's shape"), "json"},
};
} // namespace

ExportDialog::ExportDialog(ProjectDocument* doc, int preset, QWidget* parent) : QDialog(parent), m_doc(doc)
{
    setWindowTitle(tr("Export"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_preset = new QComboBox(this);
    for (const project::Preset& p : m_doc->project().presets)
        m_preset->addItem(toQString(p.name));
    m_preset->setCurrentIndex(std::max(0, std::min(preset, m_preset->count() - 1)));
    form->addRow(tr("&Preset:"), m_preset);
    m_format = new QComboBox(this);
    for (const FormatRow& f : kFormats)
        m_format->addItem(tr(f.label), QString::fromLatin1(f.name));
    form->addRow(tr("&Format:"), m_format);
    m_wire = new QComboBox(this);
    m_wire->addItem(tr("The preset's wire"), QString());
    for (const wire::Dialect* d : wire::dialects())
        m_wire->addItem(toQString(d->label), toQString(d->tag));
    form->addRow(tr("&Wire:"), m_wire);
    m_baseUrl = new QLineEdit(this);
    m_baseUrl->setPlaceholderText(tr("the profile's (a mock preset: the wire's provider)"));
    form->addRow(tr("&Base URL:"), m_baseUrl);
    m_allPresets = new QCheckBox(tr("Every preset in one collection"), this);
    m_allPresets->setChecked(true);
    form->addRow(QString(), m_allPresets);
    layout->addLayout(form);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c03030;"));
    m_error->hide();
    layout->addWidget(m_error);
    m_preview = new QPlainTextEdit(this);
    m_preview->setReadOnly(true);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    layout->addWidget(m_preview, 1);
    // Under the preview, so that the preview does not move as it comes and goes.
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->hide();
    layout->addWidget(m_note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    QPushButton* save = buttons->addButton(tr("&Save…"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);
    connect(save, &QPushButton::clicked, this, [this] {
        const FormatRow& f = kFormats[std::max(0, m_format->currentIndex())];
        const QString path = QFileDialog::getSaveFileName(this, tr("Export"), QStringLiteral("request.") + QString::fromLatin1(f.suffix));
        if (!path.isEmpty())
            saveTo(path);
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    for (QComboBox* c : {m_preset, m_format, m_wire})
        connect(c, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_baseUrl, &QLineEdit::textChanged, this, &ExportDialog::refresh);
    connect(m_allPresets, &QCheckBox::toggled, this, &ExportDialog::refresh);
    resize(720, 520);
    refresh();
}

void ExportDialog::setFormat(const QString& name) { m_format->setCurrentIndex(std::max(0, m_format->findData(name))); }
void ExportDialog::setWire(const QString& tag) { m_wire->setCurrentIndex(std::max(0, m_wire->findData(tag))); }
void ExportDialog::setBaseUrl(const QString& url) { m_baseUrl->setText(url); }
void ExportDialog::setPreset(int index) { m_preset->setCurrentIndex(index); }
QString ExportDialog::text() const { return m_error->isHidden() ? m_preview->toPlainText() : QString(); }
QString ExportDialog::errorText() const { return m_error->isHidden() ? QString() : m_error->text(); }
QString ExportDialog::noteText() const { return m_note->isHidden() ? QString() : m_note->text(); }

void ExportDialog::refresh()
{
    const project::Project& p = m_doc->project();
    const std::string name = toStdString(m_format->currentData().toString());
    const auto format = project::io::exportFormat(name);
    const bool postman = format == project::io::ExportFormat::Postman;
    m_allPresets->setVisible(postman);
    m_preset->setEnabled(!(postman && m_allPresets->isChecked()));
    auto fail = [this](const QString& message) {
        m_preview->clear();
        m_error->setText(message);
        m_error->show();
    };
    const int index = m_preset->currentIndex();
    if (!format || index < 0 || index >= int(p.presets.size())) {
        fail(tr("The project has no request preset to export"));
        return;
    }
    project::io::ExportOptions options;
    options.wire = toStdString(m_wire->currentData().toString());
    options.baseUrl = toStdString(m_baseUrl->text().trimmed());
    showMockNote(*format, options);
    Result<std::string> out = std::string();
    if (postman && m_allPresets->isChecked()) {
        std::vector<const project::Preset*> all;
        for (const project::Preset& pr : p.presets)
            all.push_back(&pr);
        out = project::io::exportPostman(p, all, options);
    } else {
        out = project::io::exportPreset(p, p.presets[size_t(index)], *format, options);
    }
    if (!out) {
        const Error& e = out.error();
        fail(toQString(e.message) + (e.path.empty() ? QString() : tr(" (at %1)").arg(toQString(e.path))));
        return;
    }
    m_error->hide();
    m_preview->setPlainText(toQString(*out));
}

void ExportDialog::showMockNote(project::io::ExportFormat format, const project::io::ExportOptions& options)
{
    // The built-in mock has no address outside this window: without a base URL a mock
    // preset is exported to the provider of its wire, with one for a mock server there
    // (toolwire mock-provider). Either way the export is not what Send does: said, since
    // the preview names a host, a model and headers the preset never sends.
    const project::Project& p = m_doc->project();
    const bool all = format == project::io::ExportFormat::Postman && m_allPresets->isChecked();
    QStringList mocks;
    std::optional<wire::Wire> shown;
    for (int i = 0; i < int(p.presets.size()); ++i) {
        if (!all && i != m_preset->currentIndex())
            continue;
        auto in = project::requestInput(p, p.presets[size_t(i)]);
        if (!in || !in->profile.isMock())
            continue;
        mocks << toQString(p.presets[size_t(i)].name);
        shown = options.wire.empty() ? in->wire.value_or(in->profile.wire) : wire::fromName(options.wire).value_or(in->profile.wire);
    }
    if (mocks.isEmpty() || format == project::io::ExportFormat::Tools) {
        m_note->hide();
        return;
    }
    const QString what = all ? tr("%n preset(s) here run", nullptr, int(mocks.size())) : tr("\"%1\" runs").arg(mocks.first());
    if (options.baseUrl.empty())
        m_note->setText(tr("%1 on the built-in mock provider, which only Toolwire can reach: this export is addressed to the provider of "
                           "the wire instead (%2: its default model, its key variable). A Base URL exports for a mock server there "
                           "(toolwire mock-provider).")
                            .arg(what, all ? tr("each preset's wire") : toQString(wire::label(*shown))));
    else
        m_note->setText(tr("%1 on the built-in mock provider: with a Base URL it is exported for a mock server there (toolwire "
                           "mock-provider: no key, the mock's model). For a provider or a proxy, give the preset that provider's "
                           "profile in the Request dock.")
                            .arg(what));
    m_note->show();
}

void ExportDialog::copyToClipboard()
{
    const QString t = text();
    if (t.isEmpty())
        return;
    QApplication::clipboard()->setText(t);
    Q_EMIT statusMessage(tr("Copied the export (%1)").arg(m_format->currentText()), kNoteMs);
}

bool ExportDialog::saveTo(const QString& path)
{
    const QByteArray bytes = text().toUtf8();
    QSaveFile f(path);
    if (bytes.isEmpty() || !f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        m_error->setText(tr("%1: could not be written (%2)").arg(path, bytes.isEmpty() ? tr("nothing to export") : f.errorString()));
        m_error->show();
        return false;
    }
    Q_EMIT statusMessage(tr("Exported to %1").arg(path), kNoteMs);
    return true;
}

} // namespace tw::ui
