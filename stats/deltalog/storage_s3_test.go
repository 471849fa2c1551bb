package deltalog

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// s3Env points the AWS SDK's chain at files in a temporary directory only.
func s3Env(t *testing.T, srv *httptest.Server, config, credentials string) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, v := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_ROLE_ARN", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ENDPOINT_URL"} {
		t.Setenv(v, "")
	}
	t.Setenv("AWS_ENDPOINT_URL_S3", srv.URL)
	t.Setenv("AWS_REGION", "eu-west-1")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_CONFIG_FILE", write("config", config))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", write("credentials", credentials))
}

// A named profile in the shared credentials file.
func TestS3SharedCredentialsProfile(t *testing.T) {
	table := "multi-part-checkpoint"
	srv := fakeS3(t, "bkt", loadTable(t, table, "lake/t/"))
	defer srv.Close()
	s3Env(t, srv, "", "[default]\naws_access_key_id = AKIDWRONG\naws_secret_access_key = wrong\n\n"+
		"[lakelint]\naws_access_key_id = AKIDFAKE\naws_secret_access_key = fake-secret\n")
	t.Setenv("AWS_PROFILE", "lakelint")
	store, err := NewStorage(context.Background(), "s3://bkt/lake/t")
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, store, table)
}

// A profile that assumes a role: the SDK asks STS (here a fake) with the
// source profile's key, and S3 is signed with the role's credentials.
func TestS3AssumeRoleProfile(t *testing.T) {
	table := "dv-partitioned-with-checkpoint"
	srv := fakeS3(t, "bkt", loadTable(t, table, "lake/t/"))
	defer srv.Close()
	var calls atomic.Int32
	sts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		if form.Get("Action") != "AssumeRole" || form.Get("RoleArn") != "arn:aws:iam::123456789012:role/reader" ||
			!strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 Credential=AKIDSOURCE/") {
			t.Errorf("unexpected STS call %s %q, auth %q", r.URL, body, r.Header.Get("Authorization"))
			http.Error(w, "<ErrorResponse><Error><Code>AccessDenied</Code></Error></ErrorResponse>", http.StatusForbidden)
			return
		}
		calls.Add(1)
		w.Header().Set("Content-Type", "text/xml")
		_, _ = io.WriteString(w, `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult>`+
			`<Credentials><AccessKeyId>AKIDFAKE</AccessKeyId><SecretAccessKey>fake-secret</SecretAccessKey>`+
			`<SessionToken>fake-session</SessionToken><Expiration>2099-01-01T00:00:00Z</Expiration></Credentials>`+
			`<AssumedRoleUser><Arn>arn:aws:sts::123456789012:assumed-role/reader/lakelint</Arn><AssumedRoleId>AROAFAKE:lakelint</AssumedRoleId></AssumedRoleUser>`+
			`</AssumeRoleResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></AssumeRoleResponse>`)
	}))
	defer sts.Close()
	s3Env(t, srv, "[profile reader]\nrole_arn = arn:aws:iam::123456789012:role/reader\nsource_profile = source\n",
		"[source]\naws_access_key_id = AKIDSOURCE\naws_secret_access_key = source-secret\n")
	t.Setenv("AWS_ENDPOINT_URL_STS", sts.URL)
	t.Setenv("AWS_PROFILE", "reader")
	store, err := NewStorage(context.Background(), "s3://bkt/lake/t/")
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, store, table)
	if calls.Load() == 0 {
		t.Error("STS was never asked for the role's credentials")
	}
}
