#pragma once
// The request preset: which preset, its profile (and wire for the mock), base URL, model,
// system prompt, messages, parameters and stream switch, plus the profile's API key (a
// masked field that writes only to the system keyring), where the key in use comes from and
// where it goes: the origin, which variable (never its value), and whether that is trusted
// (provider/trust.h), with Forget for an "always for this project" consent.
// Every edit goes to the document as one undoable change. Messages that do not parse stay
// as the preset's draft (Drafts): shown again when the preset is picked, autosaved, and
// dropped only by Revert or by text that parses.

#include "controllers/drafts.h"
#include "project/project.h"
#include "provider/keys.h"
#include "provider/request.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace tw::ui {

class Banner;
class JsonEditor;
class ProjectDocument;

class PresetEditor : public QWidget {
    Q_OBJECT
public:
    // doc, keys and drafts are not owned; without drafts (a lone editor) it keeps its own.
    PresetEditor(ProjectDocument* doc, provider::KeyStore* keys, Drafts* drafts = nullptr, QWidget* parent = nullptr);

    int currentPreset() const { return m_current; }
    void setCurrentPreset(int index);
    void refreshKeySource();
    QLineEdit* baseUrlField() const { return m_baseUrl; }
    QLabel* keySourceLabel() const { return m_keySource; }
    QPushButton* forgetConsentButton() const { return m_forget; }
    QComboBox* profilePicker() const { return m_profile; }
    JsonEditor* messagesEditor() const { return m_messages; }
    // Why the messages being edited are not the preset's (they do not parse, or are not an
    // array of messages), empty when they are. Send and the tool loop refuse to go with the
    // last good messages while this is set: what goes out is what the user sees.
    // Says so in a sentence for "Not sent: …" / "Not run: …".
    QString messagesProblem() const;
    const Drafts* drafts() const { return m_drafts; } // the window's drafts (tools' too)
    // Brings the messages editor to the keyboard, at the error when there is one.
    void showMessagesProblem();
    // Drops the current preset's messages draft: the editor shows the preset's messages.
    void revertMessages();

Q_SIGNALS:
    void currentPresetChanged(int index);
    void statusMessage(const QString& message);

private:
    void load();
    void commit();
    void onMessagesEdited();
    void showMessagesDraft(); // the draft's problem under the editor (or none)
    void keepDraft(Drafts::Draft draft); // the text being typed, refused: the preset's draft
    void revealMessages(); // scrolls the form to the messages editor and its banner
    void refreshPlaceholders();
    void showKeyDestination();
    std::optional<provider::RequestInput> currentInput() const; // the current preset as it would be sent

    ProjectDocument* m_doc; // not owned
    provider::KeyStore* m_keys; // not owned
    Drafts* m_drafts; // not owned (or a child, for a lone editor)
    int m_current = -1;
    bool m_loading = false;
    QComboBox* m_preset;
    QComboBox* m_profile;
    QComboBox* m_wire;
    QLineEdit* m_baseUrl;
    QLineEdit* m_model;
    QCheckBox* m_stream;
    QSpinBox* m_maxTokens;
    QDoubleSpinBox* m_temperature;
    QCheckBox* m_parallel;
    QPlainTextEdit* m_system;
    JsonEditor* m_messages;
    Banner* m_messagesHint;
    QLabel* m_keySource;
    QPushButton* m_forget;
    QLineEdit* m_key;
    std::optional<provider::ResolvedKey> m_resolved; // the last key lookup (its source; the key is dropped)
    int m_keyGeneration = 0; // drops lookups a newer one replaced
};

} // namespace tw::ui
