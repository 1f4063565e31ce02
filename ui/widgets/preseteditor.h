#pragma once
// The request preset: which preset, its profile (and wire for the mock), base URL, model,
// system prompt, messages, parameters and stream switch, plus the profile's API key (a
// masked field that writes only to the system keyring) and where the key in use comes from.
// Every edit goes to the document as one undoable change.

#include "project/project.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace tw::provider {
class KeyStore;
}

namespace tw::ui {

class JsonEditor;
class ProjectDocument;

class PresetEditor : public QWidget {
    Q_OBJECT
public:
    // doc and keys are not owned.
    PresetEditor(ProjectDocument* doc, provider::KeyStore* keys, QWidget* parent = nullptr);

    int currentPreset() const { return m_current; }
    void setCurrentPreset(int index);
    void refreshKeySource();
    QLineEdit* baseUrlField() const { return m_baseUrl; }
    QComboBox* profilePicker() const { return m_profile; }
    JsonEditor* messagesEditor() const { return m_messages; }

Q_SIGNALS:
    void currentPresetChanged(int index);
    void statusMessage(const QString& message);

private:
    void load();
    void commit();
    void onMessagesEdited();
    void refreshPlaceholders();

    ProjectDocument* m_doc; // not owned
    provider::KeyStore* m_keys; // not owned
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
    QLabel* m_messagesHint;
    QLabel* m_keySource;
    QLineEdit* m_key;
};

} // namespace tw::ui
