#include "widgets/preseteditor.h"

#include "controllers/drafts.h"
#include "json/json.h"
#include "jsontext.h"
#include "projectdocument.h"
#include "project/requestinput.h"
#include "provider/keys.h"
#include "provider/profile.h"
#include "provider/request.h"
#include "provider/trust.h"
#include "util/strings.h"
#include "widgets/banner.h"
#include "widgets/documentundo.h"
#include "widgets/jsoneditor.h"
#include "wires.h"
#include "widgets/lazy.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

PresetEditor::PresetEditor(ProjectDocument* doc, provider::KeyStore* keys, Drafts* drafts, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_keys(keys), m_drafts(drafts ? drafts : new Drafts(doc, this))
{
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_preset = new QComboBox(this);
    form->addRow(tr("Preset"), m_preset);

    m_profile = new QComboBox(this);
    form->addRow(tr("Profile"), m_profile);
    // The key belongs to the profile: right under it, not below the long fields.
    auto* keyRow = new QHBoxLayout;
    m_key = new QLineEdit(this);
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("API key (kept in the keyring only)"));
    keyRow->addWidget(m_key, 1);
    auto* saveKey = new QPushButton(tr("Save"), this);
    auto* clearKey = new QPushButton(tr("Clear"), this);
    keyRow->addWidget(saveKey);
    keyRow->addWidget(clearKey);
    form->addRow(tr("Key"), keyRow);
    auto* sourceRow = new QHBoxLayout;
    m_keySource = new QLabel(this);
    m_keySource->setWordWrap(true);
    m_keySource->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_keySource->setTextInteractionFlags(Qt::TextSelectableByMouse);
    sourceRow->addWidget(m_keySource, 1);
    m_forget = new QPushButton(tr("Forget"), this);
    m_forget->setToolTip(tr("Forget \"always for this project\": Send asks again"));
    m_forget->setVisible(false);
    sourceRow->addWidget(m_forget, 0, Qt::AlignTop);
    form->addRow(QString(), sourceRow);
    m_wire = new QComboBox(this);
    m_wire->addItem(tr("(the profile's)"), QString());
    for (wire::Wire w : shownWires())
        m_wire->addItem(toQString(wire::label(w)), toQString(wire::name(w)));
    form->addRow(tr("Wire"), m_wire);
    m_baseUrl = new QLineEdit(this);
    enableClearButtonOnInput(m_baseUrl);
    form->addRow(tr("Base URL"), m_baseUrl);
    m_model = new QLineEdit(this);
    form->addRow(tr("Model"), m_model);

    m_maxTokens = new QSpinBox(this);
    m_maxTokens->setRange(0, 1000000);
    m_maxTokens->setSpecialValueText(tr("default"));
    m_maxTokens->setToolTip(tr("max tokens (default: unset; a wire that requires the field sends 1024)"));
    form->addRow(tr("Max tokens"), m_maxTokens);
    m_temperature = new QDoubleSpinBox(this);
    m_temperature->setRange(-0.1, 2.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_temperature->setSpecialValueText(tr("default"));
    form->addRow(tr("Temperature"), m_temperature);
    auto* switches = new QHBoxLayout;
    m_stream = new QCheckBox(tr("Stream"), this);
    m_parallel = new QCheckBox(tr("Parallel tool calls"), this);
    m_parallel->setTristate(true);
    m_parallel->setToolTip(tr("Partially checked: not sent (the provider's default)"));
    switches->addWidget(m_stream);
    switches->addWidget(m_parallel);
    switches->addStretch();
    form->addRow(switches);

    m_system = new QPlainTextEdit(this);
    m_system->setPlaceholderText(tr("System prompt"));
    m_system->setMaximumHeight(70);
    form->addRow(tr("System"), m_system);
    m_messages = new JsonEditor(this);
    m_messages->setMinimumHeight(90);
    m_messages->setWheelScrollsParent(true); // the form scrolls past it
    form->addRow(tr("Messages"), m_messages);
    m_messagesHint = new Banner(this);
    m_messagesHint->setAction(tr("Revert"), tr("Drop the draft and show the preset's messages"));
    form->addRow(m_messagesHint);
    connect(m_messagesHint, &Banner::actionTriggered, this, &PresetEditor::revertMessages);

    // The fields' text is the document's: Undo is the window's, one history.
    for (QWidget* field : std::initializer_list<QWidget*>{m_baseUrl, m_model, m_system})
        routeUndoToWindow(field);
    // Long profile and preset names must not widen the dock: combos elide instead.
    for (QComboBox* c : {m_preset, m_profile, m_wire}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(12);
    }

    connect(saveKey, &QPushButton::clicked, this, [this] {
        const std::string id = toStdString(m_profile->currentData().toString());
        const std::string key = toStdString(m_key->text().trimmed());
        m_key->clear(); // the field never keeps the key
        if (key.empty())
            return;
        m_keys->write(id, key, [this, id](const Result<void>& r) {
            Q_EMIT statusMessage(r ? tr("Key for %1 saved in the keyring").arg(toQString(id)) : toQString(r.error().message));
            refreshKeySource();
        });
    });
    connect(clearKey, &QPushButton::clicked, this, [this] {
        const std::string id = toStdString(m_profile->currentData().toString());
        m_keys->remove(id, [this, id](const Result<void>& r) {
            Q_EMIT statusMessage(r ? tr("Key for %1 removed from the keyring").arg(toQString(id)) : toQString(r.error().message));
            refreshKeySource();
        });
    });

    connect(m_forget, &QPushButton::clicked, this, [this] {
        auto in = currentInput();
        if (!in || !m_resolved || !m_resolved->key)
            return;
        auto preview = provider::buildRequest(*in, std::string("placeholder"), true);
        if (!preview)
            return;
        const provider::KeyDestination where = provider::judgeKey(*in, preview->http.url, m_resolved->source);
        auto forgotten = provider::ConsentStore().revoke(where.project, where.fingerprint);
        Q_EMIT statusMessage(forgotten ? tr("Forgot the consent for %1 to go to %2").arg(toQString(where.sourceText()), toQString(where.origin))
                                       : toQString(forgotten.error().message));
        showKeyDestination();
    });

    connect(m_preset, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (m_loading)
            return;
        setCurrentPreset(i);
    });
    connect(m_profile, &QComboBox::currentIndexChanged, this, [this] {
        commit();
        refreshPlaceholders();
        refreshKeySource();
    });
    for (QComboBox* c : {m_wire})
        connect(c, &QComboBox::currentIndexChanged, this, &PresetEditor::commit);
    for (QLineEdit* e : {m_baseUrl, m_model})
        connect(e, &QLineEdit::textEdited, this, &PresetEditor::commit);
    connect(m_baseUrl, &QLineEdit::textEdited, this, &PresetEditor::showKeyDestination); // where the key goes follows the URL
    connect(m_maxTokens, &QSpinBox::valueChanged, this, &PresetEditor::commit);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, &PresetEditor::commit);
    connect(m_stream, &QCheckBox::toggled, this, &PresetEditor::commit);
    connect(m_parallel, &QCheckBox::stateChanged, this, &PresetEditor::commit);
    connect(m_system, &QPlainTextEdit::textChanged, this, &PresetEditor::commit);
    connect(m_messages, &QsciScintilla::textChanged, this, &PresetEditor::onMessagesEdited);

    // A draft restored by the autosave's recovery. (Drafts carried by presets added or
    // removed are shown by the membersReplaced reload below, which runs after the drafts'.)
    connect(m_drafts, &Drafts::messagesChanged, this, [this](int preset) {
        if (!m_loading && preset == m_current)
            load();
    });
    // Presets added or removed (an import, its undo): the same index while there is one.
    connect(m_doc, &ProjectDocument::membersReplaced, this, [this] {
        const int n = int(m_doc->project().presets.size());
        setCurrentPreset(n == 0 ? -1 : std::clamp(m_current, 0, n - 1));
    });
    connect(m_doc, &ProjectDocument::projectReset, this, [this] { setCurrentPreset(m_doc->project().presets.empty() ? -1 : 0); });
    connect(m_doc, &ProjectDocument::presetChanged, this, [this](int i) {
        if (i == m_current && !m_loading)
            load();
    });
    setCurrentPreset(m_doc->project().presets.empty() ? -1 : 0);
}

void PresetEditor::setCurrentPreset(int index)
{
    m_current = index;
    load();
    Q_EMIT currentPresetChanged(index);
}

void PresetEditor::load()
{
    m_loading = true;
    // Built-in profiles, then the project's own (which may replace a built-in by id).
    m_profile->clear();
    std::vector<provider::Profile> own;
    for (const json::Value& v : m_doc->project().profiles.items())
        if (auto p = provider::profileFromJson(v))
            own.push_back(*p);
    for (const provider::Profile& p : provider::builtinProfiles())
        if (!provider::findProfile(p.id, own) || provider::findProfile(p.id, own) == &p)
            m_profile->addItem(toQString(p.label), toQString(p.id));
    for (const provider::Profile& p : own) {
        const int at = m_profile->findData(toQString(p.id));
        if (at >= 0)
            m_profile->setItemText(at, toQString(p.label) + tr(" (project)"));
        else
            m_profile->addItem(toQString(p.label) + tr(" (project)"), toQString(p.id));
    }
    const auto& presets = m_doc->project().presets;
    m_preset->clear();
    for (const project::Preset& p : presets)
        m_preset->addItem(toQString(p.name));
    const bool have = m_current >= 0 && m_current < int(presets.size());
    setEnabled(have);
    if (have) {
        const project::Preset& p = presets[size_t(m_current)];
        m_preset->setCurrentIndex(m_current);
        m_profile->setCurrentIndex(std::max(0, m_profile->findData(toQString(p.profile))));
        m_wire->setCurrentIndex(std::max(0, m_wire->findData(toQString(p.wire))));
        m_baseUrl->setText(toQString(p.baseUrl));
        m_model->setText(toQString(p.model));
        m_maxTokens->setValue(int(p.maxTokens.value_or(0)));
        m_temperature->setValue(p.temperature.value_or(-0.1));
        m_stream->setChecked(p.stream);
        m_parallel->setCheckState(!p.parallelToolCalls ? Qt::PartiallyChecked : (*p.parallelToolCalls ? Qt::Checked : Qt::Unchecked));
        if (m_system->toPlainText() != toQString(p.system))
            m_system->setPlainText(toQString(p.system));
        // The preset's draft, when its messages did not parse: what the user typed stays.
        const Drafts::Draft* draft = m_drafts->messagesAt(m_current);
        const QString messages = draft ? draft->text : toQString(json::pretty(p.messages));
        if (m_messages->text() != messages)
            m_messages->setTextKeepingView(messages);
    }
    showMessagesDraft();
    m_loading = false;
    refreshPlaceholders();
    refreshKeySource();
}

void PresetEditor::refreshPlaceholders()
{
    // What an empty field means follows the profile picked, not the one loaded.
    std::vector<provider::Profile> own;
    for (const json::Value& v : m_doc->project().profiles.items())
        if (auto p = provider::profileFromJson(v))
            own.push_back(*p);
    const std::string id = toStdString(m_profile->currentData().toString());
    const provider::Profile* prof = provider::findProfile(id, own);
    m_baseUrl->setPlaceholderText(!prof ? QString() : prof->baseUrl == "mock:" ? tr("the built-in mock provider") : toQString(prof->baseUrl));
    m_model->setPlaceholderText(prof ? toQString(prof->defaultModel) : QString());
}

void PresetEditor::commit()
{
    if (m_loading || m_current < 0 || m_current >= int(m_doc->project().presets.size()))
        return;
    project::Preset p = m_doc->project().presets[size_t(m_current)];
    p.profile = toStdString(m_profile->currentData().toString());
    p.wire = toStdString(m_wire->currentData().toString());
    p.baseUrl = toStdString(m_baseUrl->text().trimmed());
    p.model = toStdString(m_model->text().trimmed());
    p.maxTokens = m_maxTokens->value() > 0 ? std::optional<long long>(m_maxTokens->value()) : std::nullopt;
    p.temperature = m_temperature->value() >= 0 ? std::optional<double>(m_temperature->value()) : std::nullopt;
    p.stream = m_stream->isChecked();
    p.parallelToolCalls =
        m_parallel->checkState() == Qt::PartiallyChecked ? std::nullopt : std::optional<bool>(m_parallel->checkState() == Qt::Checked);
    p.system = toStdString(m_system->toPlainText());
    m_loading = true; // the document echoes the change back; the fields already show it
    m_doc->setPreset(m_current, p);
    m_loading = false;
}

void PresetEditor::onMessagesEdited()
{
    if (m_loading || m_current < 0 || m_current >= int(m_doc->project().presets.size()))
        return;
    const QByteArray text = m_messages->utf8Text();
    const std::string_view view(text.constData(), std::size_t(text.size()));
    auto v = json::parse(view);
    if (!v) {
        const QString hint = describeParseError(view, v.error(), tr("Messages are a JSON array: [{\"role\": \"user\", \"content\": …}]."));
        keepDraft(Drafts::Draft{m_messages->text(), hint, v.error().pos.offset});
        return;
    }
    bool ok = v->isArray();
    for (const json::Value& m : v->items())
        ok = ok && m.isObject() && m["role"].isString();
    if (!ok) {
        keepDraft(Drafts::Draft{m_messages->text(),
                                tr("Messages are a JSON array of {\"role\": \"user\"|\"assistant\"|\"tool\", \"content\": …} objects."),
                                std::nullopt});
        return;
    }
    project::Preset p = m_doc->project().presets[size_t(m_current)];
    p.messages = *v;
    m_loading = true; // the document and the drafts echo the change; the editor shows it
    m_drafts->discardMessages(m_current);
    m_doc->setPreset(m_current, p);
    m_loading = false;
    showMessagesDraft();
}

void PresetEditor::keepDraft(Drafts::Draft draft)
{
    m_loading = true;
    m_drafts->setMessages(m_current, std::move(draft));
    m_loading = false;
    showMessagesDraft();
}

void PresetEditor::showMessagesDraft()
{
    const Drafts::Draft* draft = m_drafts->messagesAt(m_current);
    if (draft && draft->offset)
        m_messages->markError(qsizetype(*draft->offset), draft->problem);
    else
        m_messages->clearError();
    const bool appears = draft && m_messagesHint->isHidden();
    m_messagesHint->showMessage(Banner::Kind::Warning, draft ? draft->problem : QString());
    // A banner that appears under the editor while typing was below the dock's edge.
    if (appears && isVisible())
        revealMessages();
}

void PresetEditor::revertMessages()
{
    m_drafts->discardMessages(m_current);
    load();
}

QString PresetEditor::messagesProblem() const
{
    // The hint under the editor says what is wrong exactly while the text is not the preset's.
    QString why = m_messagesHint->text();
    if (why.isEmpty())
        return {};
    if (why.endsWith(QLatin1Char('.')))
        why.chop(1);
    return tr("the messages in the Request dock are not valid (%1): fix them or Revert first").arg(why);
}

void PresetEditor::showMessagesProblem()
{
    m_messages->setFocus(Qt::OtherFocusReason);
    if (m_messages->hasError()) {
        m_messages->SendScintilla(QsciScintilla::SCI_GOTOPOS, m_messages->errorRange().first);
        m_messages->SendScintilla(QsciScintilla::SCI_SCROLLCARET);
    }
    revealMessages();
}

void PresetEditor::revealMessages()
{
    // The form scrolls in its dock: the editor and the banner under it (its Revert) come
    // into view, once the dock that was just brought up (or the banner) is laid out.
    QTimer::singleShot(0, this, [this] {
        for (QWidget* w = parentWidget(); w; w = w->parentWidget())
            if (auto* area = qobject_cast<QScrollArea*>(w)) {
                // The editor first, then the banner: a tall editor gives way to the banner.
                area->ensureWidgetVisible(m_messages, 0, 8);
                if (!m_messagesHint->isHidden())
                    area->ensureWidgetVisible(m_messagesHint, 0, 8);
                return;
            }
    });
}

std::optional<provider::RequestInput> PresetEditor::currentInput() const
{
    const project::Project& p = m_doc->project();
    if (m_current < 0 || m_current >= int(p.presets.size()))
        return std::nullopt;
    auto in = project::requestInput(p, p.presets[size_t(m_current)]);
    if (!in)
        return std::nullopt;
    if (in->model.empty())
        in->model = in->profile.defaultModel;
    in->provenance.project = provider::canonicalProjectPath(m_doc->filePath());
    return std::move(*in);
}

void PresetEditor::refreshKeySource()
{
    m_resolved.reset();
    m_forget->setVisible(false);
    const int generation = ++m_keyGeneration;
    auto in = currentInput();
    if (!in) {
        m_keySource->clear();
        return;
    }
    if (in->profile.auth.scheme == "none") {
        m_keySource->setText(tr("No key needed"));
        return;
    }
    m_keySource->setText(tr("Looking up the key…"));
    m_keys->resolve(in->profile, [this, generation](provider::ResolvedKey k) {
        if (generation != m_keyGeneration)
            return; // another preset or profile since
        k.key = k.key ? std::optional<std::string>(std::string()) : std::nullopt; // only whether there is one is kept
        m_resolved = std::move(k);
        showKeyDestination();
    });
}

void PresetEditor::showKeyDestination()
{
    m_forget->setVisible(false);
    if (!m_resolved)
        return;
    if (!m_resolved->key) {
        m_keySource->setText(tr("No key: %1").arg(toQString(m_resolved->note.empty() ? std::string("set one") : m_resolved->note)));
        return;
    }
    auto in = currentInput();
    if (!in)
        return;
    // The URL as it would be sent (a placeholder key: a preview is never sent).
    auto preview = provider::buildRequest(*in, std::string("placeholder"), true);
    if (!preview || in->baseUrl == "mock:" || (in->baseUrl.empty() && in->profile.isMock())) {
        m_keySource->setText(tr("In use: %1").arg(m_resolved->source == "keyring" ? tr("the system keyring") : toQString(m_resolved->source)));
        return;
    }
    const provider::KeyDestination where = provider::judgeKey(*in, preview->http.url, m_resolved->source);
    m_keySource->setText(toQString(where.describe()));
    m_keySource->setToolTip(where.allowed() ? QString() : tr("The project chose where this key goes; Send asks before it goes"));
    m_forget->setVisible(where.trust == provider::KeyTrust::Remembered);
}

} // namespace tw::ui
